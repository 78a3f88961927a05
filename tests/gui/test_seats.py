"""TableSetup answers who plays a seat, for the play scene, the keeper and the tutorial alike."""

from doolhof.session.seats import SeatConfig, TableSetup


def test_is_computer_per_seat_and_false_off_the_table() -> None:
    table = TableSetup("junior", (SeatConfig(), SeatConfig("computer", "gentle"), SeatConfig("person")))
    assert [table.is_computer(k) for k in range(3)] == [False, True, False]
    assert not table.is_computer(-1) and not table.is_computer(3)
