"""The terminal entry, ``python -m pygame_core``: every game with every option
and player count, played to the end by bots (``selfplay``) and by people
typing their moves (``play``, with the input scripted), with the numbers the
page shows."""

import io
import json
import re

import pytest

from pygame_core import GAMES, Rng
from pygame_core.__main__ import main, numbering
from pygame_core.match import Match


def run(monkeypatch, capsys, *argv, stdin=""):
    """The exit code, the output lines and the error text of one command."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def refused(monkeypatch, capsys, *argv):
    """A command line the terminal refuses, with its message."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    assert info.value.code == 2
    return capsys.readouterr().err


def option_args(options: dict) -> list:
    return [arg for name, value in sorted(options.items())
            for arg in ("--option", f"{name}={'on' if value else 'off'}")]


def setups():
    """Every game, with its fewest and its most players, with its default
    options, each option changed alone and every option on."""
    for game in GAMES.values():
        sets = [{}] + [{name: not value} for name, value in game.options.items()]
        if len(game.options) > 1:
            sets.append({name: True for name in game.options})
        for players in sorted({min(game.players), max(game.players)}):
            for options in sets:
                label = "-".join(f"{n}={int(v)}" for n, v in sorted(options.items())) or "default"
                yield pytest.param(game, players, options, id=f"{game.id}-{players}p-{label}")


def result_of(lines: list) -> dict:
    """The result the terminal printed last (a JSON object after "over: ...")."""
    start = max(i for i, line in enumerate(lines) if line.startswith("over: "))
    return json.loads("\n".join(lines[start + 1:]))


def listed_moves(lines: list) -> list:
    """The moves listed by the first ``?``."""
    start = next(i for i, line in enumerate(lines) if re.fullmatch(r"P\d> \?", line))
    moves = []
    for line in lines[start + 1:]:
        if not line.startswith("  ") or line.startswith("  !"):
            break
        moves.append(line.strip())
    return moves


def scripted_game(game, players: int, options: dict, seed: int):
    """A game played with random legal moves in the order the terminal asks
    for them (the first seat to move), and the lines a person would type."""
    match = Match(game.id, players, seed, options)
    rng = Rng.from_seed(seed)
    shown = numbering(game.id)
    typed = []
    while not match.state.is_over():
        player = match.state.to_move()[0]
        move = str(rng.choice(match.state.legal_moves(player)))
        typed.append(shown.move(move))
        match.play(player, move)
    return match, typed


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_selfplay_every_game_option_and_table_to_the_end(monkeypatch, capsys, game, players, options):
    seats = ",".join(["bot0"] * players)
    argv = ["selfplay", game.id, "--players", str(players), "--seats", seats, "--seed", "3",
            *option_args(options)]
    code, lines, err = run(monkeypatch, capsys, *argv)
    assert code == 0 and err == ""
    merged = {**game.options, **options}
    header = lines[0]
    assert header.startswith(f"{game.title['en']}, {players} players, seats {seats}, seed 3")
    for name, value in merged.items():
        assert f"{name}={'on' if value else 'off'}" in header
    result = result_of(lines)
    assert len(result["scores"]) == players and result["winners"]
    assert any(re.match(r"P\d \w+\.\w+", line) for line in lines[1:]), "the log, one event a line"
    # The same command replays the same game.
    again = run(monkeypatch, capsys, *argv)[1]
    assert again == lines


@pytest.mark.parametrize("game,players,options", list(setups()))
def test_play_every_game_option_and_table_with_typed_moves(monkeypatch, capsys, game, players, options):
    match, typed = scripted_game(game, players, options, seed=11)
    argv = ["play", game.id, "--players", str(players), "--seats", ",".join(["h"] * players),
            "--seed", "11", *option_args(options)]
    # A question and a slip first: the legal moves, then a move that is none.
    stdin = "\n".join(["?", "fly to the moon"] + typed) + "\n"
    code, lines, err = run(monkeypatch, capsys, *argv, stdin=stdin)
    assert code == 0 and err == ""
    assert result_of(lines)["scores"] == match.state.result()["scores"]
    assert any(line.startswith("  ! cannot read the move 'fly to the moon'") for line in lines)
    first = Match(game.id, players, 11, options).state
    legal = [numbering(game.id).move(str(m)) for m in first.legal_moves(first.to_move()[0])]
    assert listed_moves(lines) == legal


def test_games_lists_the_player_counts_and_options(monkeypatch, capsys):
    code, lines, _ = run(monkeypatch, capsys, "games")
    assert code == 0
    assert lines == [
        "kahuna: Kahuna, 2 players",
        "haleakala: Haleakala, 2 players; options: tactical (off), eruption (on)",
        "kanaloa: Kanaloa, 2/3/4 players; options: gods (off)",
        "moai: Moai, 2/3/4/5 players; options: all_face_up (off), open_bids (off), "
        "short_game (off), title_rule (off), fixed_victims (off)",
    ]


@pytest.mark.parametrize("game_id,players,seats", [
    ("kahuna", 2, "h,bot1"), ("haleakala", 2, "h,bot1"), ("kanaloa", 4, "h,bot1,bot1,bot1"),
    ("moai", 4, "h,bot1,bot1,bot1")])
def test_the_table_defaults_to_the_page_s_menu(monkeypatch, capsys, game_id, players, seats):
    code, lines, _ = run(monkeypatch, capsys, "play", game_id, stdin="")
    assert code == 1 and lines[-1] == "stopped", "the end of the input stops the game"
    assert lines[0].startswith(f"{GAMES[game_id].title['en']}, {players} players, seats {seats},")


def test_the_status_line_shows_only_what_the_game_has(monkeypatch, capsys):
    _, lines, _ = run(monkeypatch, capsys, "play", "haleakala", "--seats", "h,bot0", "--seed", "3")
    status = lines[1]
    assert status == "P0 boat: section 1  discs: 1 2 3 4 5  shaman: B2  shells: 0  scores: 0 0"
    assert "hand" not in status and "None" not in status
    _, lines, _ = run(monkeypatch, capsys, "play", "moai", "--seats", "h,bot0,bot0", "--seed", "2")
    status = next(line for line in lines if line.startswith("P0 step: bid"))
    assert re.fullmatch(r"P0 step: bid  hand: [123R ]+  camp: 1 1 1 2 2 2 3 3 3  wood: 0", status)
    assert "scores" not in status, "Moai scores only at the end"
    _, lines, _ = run(monkeypatch, capsys, "play", "kahuna", "--seats", "h,bot0", "--seed", "1")
    status = next(line for line in lines if line.startswith("P0 "))
    assert re.fullmatch(r"P0 hand: [A-Z ]+  display: [A-Z ]+  pile: \d+  scores: 0 0", status)
    _, lines, _ = run(monkeypatch, capsys, "play", "kanaloa", "--seats", "h,bot0", "--option", "gods")
    assert any(re.fullmatch(r"P0 step: setup  hand: [A-Z ]+  display: [- ]+  stones: \(none\)  "
                            r"scores: 0 0", line) for line in lines), lines


def test_moai_s_opening_is_the_first_lines_of_the_log(monkeypatch, capsys):
    state, events = GAMES["moai"].new_with_events(players=3, seed=2)
    assert [e["key"] for e in events] == ["moai.round", "moai.reveal", "moai.palms"]
    assert state.to_json() == GAMES["moai"].new(players=3, seed=2).to_json()
    _, lines, _ = run(monkeypatch, capsys, "selfplay", "moai", "--players", "3", "--seed", "2")
    cards = " ".join(events[1]["params"]["cards"])
    assert lines[1:4] == ["moai.round (round=1)", f"moai.reveal (cards=[{cards}], final=False)",
                          "moai.palms (palms=2, placed=2, spaces=[S1 S2])"]
    for game_id in ("kahuna", "kanaloa", "haleakala"):
        assert GAMES[game_id].new_with_events(players=2, seed=2)[1] == []


def test_haleakala_sections_beaches_craters_and_spaces_go_from_1_to_6(monkeypatch, capsys):
    # Typed and listed as on the page: beach 1 is the engine's beach 0.
    code, lines, _ = run(monkeypatch, capsys, "play", "haleakala", "--seats", "h,bot0",
                         "--seed", "3", stdin="?\nplace 3 0\nplace 3 2\n?\nshaman M2\nplace 1 1\n")
    listed = listed_moves(lines)
    assert "place 1 1" in listed and "place 5 6" in listed and "place 1 0" not in listed
    assert "  ! sections, beaches and craters are numbered 1 to 6, not '0'" in lines
    assert "P0 haleakala.place (value=3, beach=2)" in lines
    assert lines[lines.index("P0> shaman M2") - 4:lines.index("P0> shaman M2")] == [
        "P0> ?", "  stay", "  shaman M1", "  shaman M2", "  shaman M3"][1:]
    assert "P0 haleakala.shaman (start=B2, space=M2)" in lines
    # The boat lies at section 1: a disc on beach 1 sails it (here to section 2).
    assert "P0 haleakala.sail (value=1, beach=1, section=2)" in lines
    # A whole game: no section, beach, crater or space numbered 0, and some 6.
    _, lines, _ = run(monkeypatch, capsys, "selfplay", "haleakala", "--seed", "4",
                      "--seats", "bot0,bot0", "--option", "tactical")
    text = "\n".join(lines)
    assert not re.search(r"\b(section|beach|crater|to)(=|\": )0\b", text)
    assert not re.search(r"\b(Mt|M|F|B|C)0\b", text)
    assert re.search(r"\b(beach|section)=6\b", text) and re.search(r"\b(Mt|M|F|B)6\b", text)


def test_eruption_off_and_the_statue_choice_from_the_command_line(monkeypatch, capsys):
    _, lines, _ = run(monkeypatch, capsys, "selfplay", "haleakala", "--seats", "bot0,bot0",
                      "--seed", "5", "--option", "eruption=off")
    assert "eruption=off" in lines[0] and not any("haleakala.eruption" in line for line in lines)
    _, lines, _ = run(monkeypatch, capsys, "selfplay", "haleakala", "--seats", "bot0,bot0",
                      "--seed", "5")
    assert any("haleakala.eruption" in line for line in lines)
    assert any(re.match(r"P\d haleakala\.(statue|statue_declined) \(space=", line) for line in lines)


def test_a_person_reads_their_own_secrets_and_not_the_bots(monkeypatch, capsys):
    _, typed = scripted_game(GAMES["kahuna"], 2, {}, seed=6)
    _, lines, _ = run(monkeypatch, capsys, "play", "kahuna", "--seats", "h,h", "--seed", "6",
                      stdin="\n".join(typed) + "\n")
    draws = [line for line in lines if "kahuna.draw" in line]
    assert draws and all(re.fullmatch(r"P\d kahuna\.draw\.own \(card=[A-Z]+\)", line) for line in draws)
    _, lines, _ = run(monkeypatch, capsys, "selfplay", "kahuna", "--seed", "6")
    draws = [line for line in lines if "kahuna.draw" in line]
    assert draws and all(re.fullmatch(r"P\d kahuna\.draw", line) for line in draws), "bots alone: nobody's"


@pytest.mark.parametrize("argv,message", [
    (["play", "kanaloa", "--option", "tactical"], "kanaloa has no option 'tactical' (its options: gods)"),
    (["play", "kahuna", "--option", "gods"], "kahuna has no option 'gods' (its options: none)"),
    (["play", "haleakala", "--option", "eruption=maybe"], "option eruption is on or off, not 'maybe'"),
    (["play", "moai", "--players", "6"], "moai is played by 2/3/4/5 players, not 6"),
    (["play", "kanaloa", "--players", "3", "--seats", "h,bot1"], "3 players need 3 seats, not 2"),
    (["selfplay", "kahuna", "--seats", "h,bot1"], "selfplay seats bots only"),
    (["play", "kahuna", "--seats", "h,bot9"], "seats: a seat is 'h' or 'bot0' to 'bot4', not 'bot9'"),
    (["play", "kahuna", "--seats", "h,robot"], "seats: a seat is 'h' or 'bot0' to 'bot4', not 'robot'"),
])
def test_bad_command_lines_say_what_is_wrong(monkeypatch, capsys, argv, message):
    assert message in refused(monkeypatch, capsys, *argv)
