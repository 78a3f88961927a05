"""What the relay test tells a parent is in the parent's language: every reason of ``problem_of`` and of
``Address.parse`` is a translated template (the address put in after), never English in a Dutch screen."""

from __future__ import annotations

import errno
import socket
import ssl

import pytest

from doolhof.i18n import set_language
from doolhof.online.relay import Address, problem_of

ADDRESS = Address("relay.example.org", 1883)
ERRORS: list[BaseException | str] = [
    socket.gaierror(-2, "Name or service not known"), ConnectionRefusedError(), TimeoutError(),
    ssl.SSLError(1, "certificate verify failed"), OSError(errno.ENETUNREACH, "Network is unreachable"),
    OSError(errno.EIO, "Input/output error"), "Not authorized",
]


@pytest.mark.parametrize("language", ["nl", "de", "sv"])
@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__ if not isinstance(e, str) else e)
def test_every_reason_is_said_in_the_parents_language(language: str, error: BaseException | str) -> None:
    english = problem_of(error, ADDRESS)
    set_language(language)
    said = problem_of(error, ADDRESS)
    assert said != english, f"{english!r} is not translated to {language}"
    assert "relay.example.org" in said


@pytest.mark.parametrize("language", ["nl", "de", "sv"])
@pytest.mark.parametrize("text", ["my relay", "relay.example.org:99999"])
def test_an_address_that_does_not_read_says_why_in_the_parents_language(language: str, text: str) -> None:
    with pytest.raises(ValueError) as english:
        Address.parse(text)
    set_language(language)
    with pytest.raises(ValueError) as said:
        Address.parse(text)
    assert str(said.value) != str(english.value)


def test_a_common_network_reason_is_said_plainly() -> None:
    said = problem_of(OSError(errno.EHOSTUNREACH, "No route to host"), ADDRESS)
    assert said == "cannot reach relay.example.org:1883: that computer cannot be reached"
