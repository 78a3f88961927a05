"""Online rooms through a real Mosquitto relay (packaging/relay/), started by the fixtures in conftest.py."""
