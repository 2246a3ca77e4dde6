#!/usr/bin/python3
"""game-client online: real clients at a table of a real game-host.

Starts game-host with an in-memory table store (and, for the restart test,
a SQLite one) and drives several game-client processes, each with its own
data directory (its own device): one opens a table and prints the invite
code, a second joins with it, a third watches; they play, one leaves and
comes back to the same seat, the computer stands in meanwhile, a game ends
and the next begins. Checks what each of them prints, that the spectator
saw every move exactly once, and that no seat token is ever printed.

    client_online_test.py --client build/bin/game-client \
        --host build/bin/game-host --plugins build/plugins
"""
import os
import re
import socket
import sys
import tempfile
import time
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client_process import ClientProcess, HostProcess, listed_moves, test_arguments  # noqa: E402

ARGS = None

PROMPT_X = r"You \(X\) > "
PROMPT_O = r"You \(O\) > "
WHAT_NEXT = r"What next\? > "
CODE = r"Invite code: ([A-Z0-9]{6})\n"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_host(store="memory", port=0, grace_ms=1500):
    """game-host on a loopback port, with fast CPU seats and a short grace."""
    return HostProcess(ARGS.host, ARGS.plugins, port=port, store=store,
                       flags=["--grace-ms", str(grace_ms), "--cpu-ms", "50", "--stand-in-ms", "50"])


class OnlineTables(unittest.TestCase):
    store = "memory"

    def setUp(self):
        self.dirs = []
        self.clients = []
        self.host = start_host(store=self.store)
        self.homes = {}

    def tearDown(self):
        for c in self.clients:
            c.close()
        self.host.stop()
        for d in self.dirs:
            d.cleanup()

    def home(self, who):
        """One data directory per person: one device each."""
        if who not in self.homes:
            d = tempfile.TemporaryDirectory()
            self.dirs.append(d)
            self.homes[who] = d.name
        return self.homes[who]

    def client(self, who, *args, host=None, lang="en", game="uttt"):
        c = ClientProcess(ARGS.client, (host or self.host).address, self.home(who), *args,
                          lang=lang, game=game)
        self.clients.append(c)
        return c

    def legal_moves(self, c, prompt):
        c.send("moves")
        listed = c.expect(r"Your moves \(\d+\): (.*(?:\n  .*)*)\n")
        c.expect(prompt)
        return listed_moves(listed.group(1))

    def assert_no_token_printed(self, *clients):
        for c in clients:
            for seat in c.saved().get("online_seats", []):
                for other in self.clients:
                    self.assertNotIn(seat["token"], other.out)

    # --- The scenario of issue part 5 ---

    def test_two_players_a_spectator_a_departure_and_a_return(self):
        alice = self.client("alice", "--create", "--name", "Alice")
        code = alice.expect(CODE).group(1)
        # Each command on a line of its own, naming this very program: it
        # works as shown, from any folder.
        client = os.path.realpath(ARGS.client)
        join_line = alice.expect(r"The other player joins from another terminal with:\n  (.*)\n").group(1)
        self.assertEqual(join_line, "%s --join %s --host %s" % (client, code, self.host.address))
        alice.expect("Anyone can watch with:\n  %s --watch %s" % (client, code))
        alice.expect(r"Seat 1: Alice \(you\)  ·  Seat 2: free seat")
        alice.expect(r"Waiting for players > ")

        bob = self.client("bob", "--join", code.lower(), "--name", "Bob", game=None)
        bob.expect(r"You sit in seat 2 at this table of ")
        bob.expect("Game 1 of ")
        bob.expect(r"Alice opens with X\.")
        bob.expect(r"X: Alice  ·  O: Bob \(you\)")
        bob.expect(r"Waiting for Alice \(X\) > ")

        alice.expect(r"Bob has sat down in seat 2\.")
        alice.expect("Game 1 of ")
        alice.expect(r"You open with X\.")
        alice.expect(r"Move 1 · ")
        alice.expect(r"X: Alice \(you\)  ·  O: Bob")
        alice.expect(PROMPT_X)

        carol = self.client("carol", "--watch", code, game=None)
        carol.expect(r"You are watching a table of .*Spectators cannot move")
        carol.expect(r"Move 1 · ")
        carol.expect(r"X: Alice  ·  O: Bob\n")
        carol.expect(r"Watching · Alice \(X\) to move > ")
        carol.send("e5")
        carol.expect(r"Spectators cannot move: you are watching this table\. Type quit to stop watching\.")
        carol.expect(r"Watching · Alice \(X\) to move > ")

        # Move 1: Alice, by cell.
        alice.send("e5")
        alice.expect(r"X: you play 5/5 \(e5\)\.")
        alice.expect(r"Move 2 · ")
        alice.expect(r"Waiting for Bob \(O\) > ")
        bob.expect(r"X: Alice plays 5/5 \(e5\)\.")
        bob.expect(r"Move 2 · ")
        bob.expect(PROMPT_O)
        carol.expect(r"X: Alice plays 5/5 \(e5\)\.")
        carol.expect(r"Watching · Bob \(O\) to move > ")

        # Out of turn, a refused move, then move 2: Bob.
        alice.send("a1")
        alice.expect(r"Not your turn: Bob \(O\) is to move\.")
        alice.expect(r"Waiting for Bob \(O\) > ")
        bob.send("a1")
        bob.expect(r"You must play in board 5\.")
        bob.expect(PROMPT_O)
        bob.send("5/1")
        bob.expect(r"O: you play 5/1 \(d4\)\.")
        bob.expect(r"Waiting for Alice \(X\) > ")
        alice.expect(r"O: Bob plays 5/1 \(d4\)\.")
        alice.expect(PROMPT_X)
        carol.expect(r"O: Bob plays 5/1 \(d4\)\.")

        # Move 3: Alice; then Bob leaves on his turn.
        first = self.legal_moves(alice, PROMPT_X)[0]
        alice.send(first)
        alice.expect(r"X: you play %s" % re.escape(first))
        bob.expect(r"X: Alice plays %s" % re.escape(first))
        bob.expect(PROMPT_O)
        bob.send("quit")
        bob.expect(r"You have left the table: the computer plays for you until you come back\.")
        self.assertEqual(bob.finish(), 0)

        # The computer stands in for Bob; everyone is told.
        alice.expect(r"Bob has left the table: the computer plays that seat until Bob comes back\.")
        alice.expect(r"The computer is playing for Bob, who is away: O (\S+)")
        alice.expect(r"O: Bob \(away\)")
        alice.expect(PROMPT_X)
        carol.expect(r"The computer is playing for Bob, who is away: O ")

        # Bob runs the client again: his table is offered back at once, and,
        # declined, stays in the menu.
        bob = self.client("bob")
        bob.expect(r"You hold seat 2 at a table of Ultimate tic-tac-toe \(invite code %s\)\. "
                   r"Return to it\? \[Y/n\] " % code)
        bob.send("n")
        bob.expect(r"The seat stays yours: pick “Return to your table” in the menu whenever you like\.")
        menu = bob.expect(r"what would you like to do\?\n((?:  .*\n)+)Your choice: ")
        entry = re.search(r"  (\d+)\. Return to your table \(%s\)" % code, menu.group(1))
        self.assertIsNotNone(entry, menu.group(1))
        bob.send(entry.group(1))
        bob.expect(r"You are back at your table of .*, in seat 2\.")
        bob.expect(r"X: Alice  ·  O: Bob \(you\)\n")
        alice.expect(r"Bob is back at the table\.")

        # Alice plays, Bob answers again himself.
        moves = self.legal_moves(alice, PROMPT_X)
        alice.send(moves[0])
        bob.expect(r"X: Alice plays %s" % re.escape(moves[0]))
        bob.expect(PROMPT_O)
        bob.send(self.legal_moves(bob, PROMPT_O)[0])
        bob.expect(r"O: you play ")
        alice.expect(r"O: Bob plays ")
        alice.expect(PROMPT_X)

        # Alice resigns: the result and the table's score everywhere.
        alice.send("resign")
        alice.expect(r"Do you really want to resign this game\? \[y/N\] ")
        alice.send("y")
        alice.expect(r"You resigned this game\.")
        alice.expect(r"Result: .* You lose\.")
        alice.expect(r"Alice \(you\) — wins: 0 · draws: 0 · losses: 1 · points: 0")
        alice.expect(r"Bob — wins: 1 · draws: 0 · losses: 0 · points: 1")
        alice.expect(WHAT_NEXT)
        bob.expect(r"Alice \(X\) resigned\.")
        bob.expect(r"Result: .* You win!")
        bob.expect(WHAT_NEXT)
        carol.expect(r"Result: .* Bob wins\.")
        carol.expect(r"Bob — wins: 1 · draws: 0 · losses: 0 · points: 1")
        carol.expect(r"Waiting for the next game\.")

        # Bob asks for the next game; it begins once Alice agrees, and the
        # other seat opens.
        bob.send("another")
        bob.expect(r"You asked for the next game\. Waiting for Alice to agree…")
        alice.expect(r"Bob would like to play the next game\.")
        carol.expect(r"Bob would like to play the next game\.")
        alice.expect(WHAT_NEXT)
        alice.send("accept")
        for c in (alice, bob, carol):
            c.expect("Game 2 of ")
            c.expect(r"(You open|Bob opens) with X\.")
        bob.expect(PROMPT_X)
        alice.expect(r"Waiting for Bob \(X\) > ")
        carol.expect(r"Watching · Bob \(X\) to move > ")

        # The spectator saw each move of game 1 once: three by Alice, two by
        # Bob, one by the computer for him.
        game1 = carol.out[:carol.out.index("Game 2 of ")]
        self.assertEqual(game1.count("X: Alice plays "), 3, game1)
        self.assertEqual(game1.count("O: Bob plays "), 2, game1)
        self.assertEqual(game1.count("The computer is playing for Bob"), 1, game1)
        self.assertEqual(carol.out.count("X: Alice plays 5/5 (e5)."), 1)
        self.assertEqual(carol.out.count("O: Bob plays 5/1 (d4)."), 1)
        self.assertEqual(carol.out.count("The computer is playing for Bob"), 1)

        carol.send("quit")
        self.assertEqual(carol.finish(), 0)
        alice.send("quit")
        alice.expect("You have left the table")
        self.assertEqual(alice.finish(), 0)
        bob.send("quit")
        self.assertEqual(bob.finish(), 0)

        # Each device keeps its club player, who took the seat, and the
        # seat; no token or secret was ever shown.
        for c, seat, name in ((alice, 1, "Alice"), (bob, 2, "Bob")):
            saved = c.saved()
            self.assertEqual([p["name"] for p in saved["players"]], [name])
            self.assertEqual([(s["invite_code"], s["seat"]) for s in saved["online_seats"]], [(code, seat)])
        self.assertNotEqual(alice.saved()["players"][0]["player_id"], bob.saved()["players"][0]["player_id"])
        self.assert_no_token_printed(alice, bob)
        for c in self.clients:
            for device in (alice, bob):
                self.assertNotIn(device.saved()["players"][0]["secret"], c.out)

        # Each player's history holds the finished game once, from their
        # seat, with the other person's name; the spectator's holds nothing.
        for c, seat, result in ((alice, 1, "LOSS"), (bob, 2, "WIN")):
            finished = c.saved()["finished"]
            self.assertEqual(len(finished), 1, finished)
            self.assertEqual(finished[0]["reader"], seat)
            self.assertEqual([s.get("name") for s in finished[0]["seats"]], ["Alice", "Bob"])
            self.assertEqual(finished[0]["state"]["resignedSeat"], 1)
            mine = [r for r in finished[0]["state"]["outcome"]["results"] if r["seat"] == seat]
            self.assertEqual(mine[0]["result"], result)
        self.assertFalse(os.path.exists(carol.saved_file()) and "finished" in carol.saved())

    def test_refusals_are_explained(self):
        alice = self.client("alice", "--create", "--name", "Alice")
        code = alice.expect(CODE).group(1)
        alice.expect(r"Waiting for players > ")
        alice.send("e5")
        alice.expect(r"The game has not started yet: it starts as soon as every seat is taken\.")

        nobody = self.client("dan", "--join", "ZZZZZZ", "--name", "Dan", game=None)
        nobody.expect(r"There is no table with that code")
        self.assertEqual(nobody.finish(), 1)

        garbage = self.client("dan", "--watch", " ", game=None)
        garbage.expect(r"That is not a table's code")
        self.assertEqual(garbage.finish(), 1)

        bob = self.client("bob", "--join", code, "--name", "Bob", game=None)
        bob.expect(r"Waiting for Alice \(X\) > ")
        eve = self.client("eve", "--join", code, "--name", "Eve", game=None)
        eve.expect(r"Every seat at this table is taken\. You can still watch it\.")
        self.assertEqual(eve.finish(), 1)

        # Between people, undo asks the other player: not before a move.
        bob.send("undo")
        bob.expect(r"There is no move of yours to take back yet\.")
        bob.send("accept")
        bob.expect(r"There is no offer waiting for an answer")
        bob.send("hint")
        bob.expect(r"Hints are given only at a table where every other seat is the computer\.")
        bob.send("another")
        bob.expect(r"This game is still going")
        for c in (alice, bob):
            c.send("quit")
            self.assertEqual(c.finish(), 0)

    def test_offers_a_draw_declined_a_take_back_a_draw_agreed_and_the_next_game(self):
        alice = self.client("alice", "--create", "--name", "Alice")
        code = alice.expect(CODE).group(1)
        alice.expect(r"Waiting for players > ")
        bob = self.client("bob", "--join", code, "--name", "Bob", game=None)
        bob.expect(r"Waiting for Alice \(X\) > ")
        alice.expect(PROMPT_X)
        carol = self.client("carol", "--watch", code, game=None)
        carol.expect(r"Watching · Alice \(X\) to move > ")

        alice.send("e5")
        bob.expect(r"X: Alice plays 5/5 \(e5\)\.")
        bob.expect(PROMPT_O)

        # Bob offers a draw: everyone sees it; only Alice may answer it.
        bob.send("draw")
        bob.expect(r"You offered a draw\. Waiting for Alice to answer…")
        bob.expect(r"Type withdraw to withdraw the offer\.")
        alice.expect(r"Bob offers a draw\.")
        alice.expect(r"Type accept to accept or decline to decline\.")
        carol.expect(r"Bob offers a draw\.")
        bob.send("accept")
        bob.expect(r"That offer is yours: the other player answers it\. Type withdraw to withdraw it\.")
        alice.send("withdraw")
        alice.expect(r"Only the player who made the offer can withdraw it: type decline to decline it\.")
        alice.send("board")
        alice.expect(r"Bob offers a draw\.")  # the table's summary shows the offer waiting
        alice.send("decline")
        alice.expect(r"You declined the draw\.")
        bob.expect(r"Alice declined the draw\.")
        carol.expect(r"Alice declined the draw\.")
        # Not asked twice in a row: the same offer waits for the next move.
        bob.send("draw")
        bob.expect(r"This offer was declined\. You can make it again after the next move\.")
        bob.expect(PROMPT_O)
        bob.send("5/1")
        bob.expect(r"O: you play 5/1 \(d4\)\.")
        alice.expect(r"O: Bob plays 5/1 \(d4\)\.")
        alice.expect(PROMPT_X)

        # Alice plays, then asks to take it back; Bob agrees.
        first = self.legal_moves(alice, PROMPT_X)[0]
        alice.send(first)
        alice.expect(r"X: you play %s" % re.escape(first))
        bob.expect(r"X: Alice plays %s" % re.escape(first))
        bob.expect(PROMPT_O)
        alice.send("undo")
        alice.expect(r"You asked to take back your last move\. Waiting for Bob to answer…")
        bob.expect(r"Alice asks to take back their last move\.")
        carol.expect(r"Alice asks to take back their last move\.")
        bob.send("accept")
        bob.expect(r"You agreed to take back the move\.")
        bob.expect(r"Alice took back a move\.")
        alice.expect(r"Bob agreed to take back the move\.")
        alice.expect(r"You took back a move\.")
        alice.expect(r"Move 3 · ")
        alice.expect(PROMPT_X)
        carol.expect(r"Alice took back a move\.")

        # A draw agreed ends the game drawn, in the game's own words.
        alice.send("draw")
        alice.expect(r"You offered a draw\. Waiting for Bob to answer…")
        bob.expect(r"Alice offers a draw\.")
        bob.send("accept")
        for c in (alice, bob, carol):
            c.expect(r"Result: Draw by agreement\. It's a draw\.")
            c.expect(r"Bob.* — wins: 0 · draws: 1 · losses: 0 · points: 0\.5")
        self.assertIn("Bob accepted the draw.", alice.out)
        self.assertIn("You accepted the draw.", bob.out)
        self.assertIn("Bob accepted the draw.", carol.out)
        alice.expect(WHAT_NEXT)
        bob.expect(WHAT_NEXT)

        # The next game waits for both: asked, withdrawn, asked again,
        # accepted.
        alice.send("another")
        alice.expect(r"You asked for the next game\. Waiting for Bob to agree…")
        bob.expect(r"Alice would like to play the next game\.")
        alice.send("withdraw")
        alice.expect(r"You withdrew the offer\.")
        bob.expect(r"Alice withdrew the offer\.")
        bob.send("another")
        bob.expect(r"You asked for the next game\. Waiting for Alice to agree…")
        alice.expect(r"Bob would like to play the next game\.")
        for c in (alice, bob, carol):
            self.assertNotIn("Game 2 of ", c.out)
        alice.send("accept")
        alice.expect(r"You agreed: the next game begins\.")
        bob.expect(r"Alice agreed: the next game begins\.")
        for c in (alice, bob, carol):
            c.expect("Game 2 of ")
        bob.expect(PROMPT_X)
        for c in (alice, bob, carol):
            c.send("quit")
            self.assertEqual(c.finish(), 0)

    def test_against_the_computer_online_with_undo_and_in_spanish(self):
        ana = self.client("ana", "--name", "Ana", lang="es")
        menu = ana.expect(r"¿qué te apetece hacer\?\n((?:  .*\n)+)Tu elección: ")
        entry = re.search(r"  (\d+)\. Jugar en línea: abrir una mesa", menu.group(1)).group(1)
        ana.send(entry)
        options = ana.expect(r"((?:  \d\. .*\n)+)¿Quién juega en el asiento 2\? \(1–4, Intro para 1\): ")
        normal = re.search(r"(\d)\. El ordenador, nivel Normal", options.group(1)).group(1)
        ana.send(normal)
        ana.expect(r"La mesa empieza con estos ajustes:")
        ana.expect(r"¿Quieres cambiarlos antes\? \[s/N\] ")
        ana.send("")
        ana.expect(r"¿Quieres que sean partidas clasificatorias \(se registra cada resultado\)\? \[s/N\] ")
        ana.send("s")
        ana.expect(r"Tu mesa está abierta\. Código de invitación: ([A-Z0-9]{6})")
        ana.expect(r"Mesa de partidas clasificatorias: se registra cada resultado\.")
        ana.expect("Partida 1 de ")
        ana.expect(r"Empiezas tú, con X\.")
        ana.expect(r"X: Ana \(tú\)  ·  O: Ordenador \(Normal\)")
        ana.expect(r"Tú \(X\) > ")
        ana.send("pista")
        ana.expect(r"El ordenador jugaría ")
        ana.expect(r"Tú \(X\) > ")
        ana.send("e5")
        ana.expect(r"X: juegas 5/5 \(e5\)\.")
        ana.expect(r"O: Ordenador \(Normal\) juega ")
        ana.expect(r"Jugada 3 · ")
        ana.expect(r"Tú \(X\) > ")
        ana.send("deshacer")
        ana.expect(r"Ana ha deshecho una jugada\.|Se ha deshecho tu última jugada")
        ana.expect(r"Jugada 1 · ")
        ana.expect(r"Tú \(X\) > ")
        ana.send("rendirse")
        ana.expect(r"\[s/N\] ")
        ana.send("s")
        ana.expect(r"Te has rendido en esta partida\.")
        ana.expect(r"Marcador de la mesa \(partidas clasificatorias\):")
        ana.expect(r"Ana \(tú\) — victorias: 0 · empates: 0 · derrotas: 1 · puntos: 0")
        ana.expect(r"¿Y ahora\? > ")
        ana.send("menú")
        ana.expect(r"Has salido de la mesa")
        ana.expect(r"Volver a tu mesa \(")
        ana.expect("Tu elección: ")
        ana.send("0")
        self.assertEqual(ana.finish(), 0)

    def test_the_turn_clock_is_shown_and_the_computer_plays_when_it_runs_out(self):
        alice = self.client("alice", "--name", "Alice")
        alice.expect("Your choice: ")
        alice.send("7")
        listed = alice.expect(r"Settings of .*\n((?:  .*\n)+)Number of the setting to change")
        row = re.search(r"  (\d+)\. Time per turn: No limit\n", listed.group(1)).group(1)
        alice.send(row)
        values = alice.expect(r"((?:     \d+\. .*\n)+)New value for Time per turn")
        alice.send(re.search(r"(\d+)\. 30\ss", values.group(1)).group(1))
        alice.expect("Number of the setting to change")
        alice.send("")
        alice.expect("Your choice: ")
        alice.send("3")
        alice.expect(r"\(1–4, Enter for 1\): ")
        alice.send("")
        alice.expect(r"Time per turn: 30\ss")
        alice.expect(r"\[y/N\] ")
        alice.send("")
        alice.expect(r"\[y/N\] ")
        alice.send("")
        code = alice.expect(CODE).group(1)
        bob = self.client("bob", "--join", code, "--name", "Bob", game=None)
        bob.expect(r"X: Alice, (30|29)\ss  ·  O: Bob \(you\), 30\ss")
        bob.expect(r"Waiting for Alice \(X, (30|29) s\) > ")
        alice.expect(r"You \(X, (30|29) s\) > ")
        started = time.monotonic()
        alice.expect(r"Only 10 s left for your move!", timeout=40)
        alice.expect(r"Your time ran out: the computer played X .+ for you\.", timeout=20)
        self.assertGreaterEqual(time.monotonic() - started, 28)
        bob.expect(r"Time ran out for Alice: the computer played X ")
        bob.expect(r"You \(O, (30|29) s\) > ")
        for c in (alice, bob):
            c.send("quit")
            self.assertEqual(c.finish(), 0)


class RestartedHost(unittest.TestCase):
    """The host stops and starts again on the same port, tables on disk: the
    watches resume from the last version seen, with no gap and no repeat."""

    def test_watches_resume_after_a_host_restart(self):
        state = tempfile.TemporaryDirectory()
        homes = [tempfile.TemporaryDirectory() for _ in range(3)]
        port = free_port()
        store = "sqlite:" + os.path.join(state.name, "tables.db")
        host = start_host(store=store, port=port, grace_ms=20000)
        clients = []
        try:
            alice = ClientProcess(ARGS.client, host.address, homes[0].name, "--create", "--name", "Alice")
            clients.append(alice)
            code = alice.expect(CODE).group(1)
            bob = ClientProcess(ARGS.client, host.address, homes[1].name, "--join", code, "--name", "Bob",
                                game=None)
            clients.append(bob)
            carol = ClientProcess(ARGS.client, host.address, homes[2].name, "--watch", code, game=None)
            clients.append(carol)
            alice.expect(PROMPT_X)
            carol.expect(r"Watching · Alice \(X\) to move > ")
            alice.send("e5")
            bob.expect(PROMPT_O)
            carol.expect(r"X: Alice plays 5/5 \(e5\)\.")

            host.stop()
            for c in (alice, bob, carol):
                c.expect(r"The connection to the game host at 127\.0\.0\.1:%d was lost: reconnecting…" % port)
            host = start_host(store=store, port=port, grace_ms=20000)
            for c in (alice, bob, carol):
                c.expect(r"Connected again: nothing was missed\.", timeout=30)

            bob.send("5/1")
            bob.expect(r"O: you play 5/1 \(d4\)\.")
            alice.expect(r"O: Bob plays 5/1 \(d4\)\.")
            carol.expect(r"O: Bob plays 5/1 \(d4\)\.")
            alice.expect(PROMPT_X)
            self.assertEqual(carol.out.count("X: Alice plays 5/5 (e5)."), 1)
            self.assertEqual(carol.out.count("O: Bob plays 5/1 (d4)."), 1)
            for c in (alice, bob, carol):
                c.send("quit")
                self.assertEqual(c.finish(), 0)
        finally:
            for c in clients:
                c.close()
            host.stop()
            state.cleanup()
            for h in homes:
                h.cleanup()


def main():
    global ARGS
    ARGS, rest = test_arguments()
    program = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2)
    sys.exit(0 if program.result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
