#!/usr/bin/python3
"""Sessions of the real game-client against a real game-host.

Starts game-host on 127.0.0.1:0 with the built plugins, then drives
game-client through its prompts with scripted input, as a player would, and
checks what it prints: a game against the CPU to the end, undo, the CPU's
opening move, resigning, another game, resuming after a restart, the
replay, settings, invalid input, a demo, another language.

    client_sessions_test.py --client build/bin/game-client \
        --host build/bin/game-host --plugins build/plugins
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client_process import ClientProcess, HostProcess, listed_moves, test_arguments  # noqa: E402

ARGS = None
HOST = None

PROMPT_X = r"You \(X\) > "
PROMPT_O = r"You \(O\) > "
WHAT_NEXT = r"What next\? > "


def wrapped(pattern):
    """`pattern` with each space matching a line break and an indent too."""
    return pattern.replace(" ", r"\s+")


class ClientSessions(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.TemporaryDirectory()
        self.clients = []

    def tearDown(self):
        for c in self.clients:
            c.close()
        self.home.cleanup()

    def client(self, *args, lang="en", game="uttt", env=None):
        c = ClientProcess(ARGS.client, HOST.address, self.home.name, *args, lang=lang, game=game,
                          timeout=60, tail=2000, env=env)
        self.clients.append(c)
        return c

    def saved_file(self):
        return os.path.join(self.home.name, "club-games", "game-client.json")

    def saved(self):
        with open(self.saved_file()) as f:
            return json.load(f)

    def keep_seat_names(self, c):
        """Two players on one screen: Enter at both name prompts keeps "Player 1" and "Player 2"."""
        for seat in (1, 2):
            c.expect(r"Name of player %d \(Enter for Player %d\): " % (seat, seat))
            c.send("")

    def play_first_legal_move(self, c, prompt):
        """Asks for the legal moves and plays the first; returns it."""
        c.send("moves")
        listed = c.expect(r"Your moves \(\d+\): (.*(?:\n  .*)*)\n")
        c.expect(prompt)
        # Each in both notations, as moves are announced: "3/1 (g1), ...",
        # or one alone near the end ("5/9 (f6)").
        self.assertRegex(listed.group(1), r"^\S+ \([a-z]\d+\)(, |$)")
        move = listed_moves(listed.group(1))[0]
        c.send(move)
        return move

    # --- The scenarios of issue 6 ---

    def test_a_game_against_the_cpu_to_the_end(self):
        c = self.client("--mode", "cpu", "--level", "novato")
        c.expect("Game 1 of ")
        c.expect("You open with X.")
        moves = 0
        while True:
            prompt = c.expect(r"(%s|%s)" % (PROMPT_X, WHAT_NEXT), timeout=120)
            if prompt.group(1).startswith("What next"):
                break
            self.play_first_legal_move(c, PROMPT_X)
            moves += 1
            self.assertLess(moves, 42, "a game lasts at most 81 moves")
        result = re.findall(r"\nResult: .*(You win!|You lose\.|It's a draw\.)\n", c.out)
        self.assertEqual(len(result), 1, c.out[-3000:])
        record = re.search(r"Your record against the computer, Novice: (\d+) won, (\d+) drawn, (\d+) lost\.", c.out)
        self.assertIsNotNone(record)
        self.assertEqual(sum(int(n) for n in record.groups()), 1)
        # The deciding move counted the game once, for Novice only.
        c.send("score")
        c.expect(r"Against the computer, Novice: %s won, %s drawn, %s lost" % record.groups())
        c.expect(r"Against the computer, Normal: 0 won, 0 drawn, 0 lost")
        c.expect(WHAT_NEXT)
        c.send("quit")
        c.expect("Bye")
        self.assertEqual(c.finish(), 0)
        # Nothing unfinished is left behind.
        with open(self.saved_file()) as f:
            self.assertNotIn("unfinished", json.load(f))

    def test_undo_against_the_cpu_takes_back_two_moves(self):
        c = self.client("--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        c.send("e5")
        c.expect(r"X: you play 5/5 \(e5\)\.")
        c.expect(r"O: Computer \(Novice\) plays ")
        c.expect(r"Move 3 · ")
        c.expect(PROMPT_X)
        c.send("undo")
        took = c.expect("Took back 2 moves: yours and the computer’s answer.")
        c.expect(r"Move 1 · ")
        board = c.expect(PROMPT_X)
        # The board is empty again: no last move, every cell playable.
        redrawn = c.out[took.end():board.start()]
        self.assertNotIn("[O]", redrawn)
        self.assertEqual(redrawn.count("+"), 81 + 1, redrawn)  # the cells and the legend
        c.send("undo")
        c.expect("There is no move of yours to take back yet.")
        c.expect(PROMPT_X)
        c.send("quit")
        self.assertEqual(c.finish(), 0)

    def test_the_cpu_opening_move_cannot_be_undone(self):
        c = self.client("--mode", "cpu", "--level", "novato", "--seat", "2")
        c.expect(r"Computer \(Novice\) opens with X\.")
        c.expect(r"X: Computer \(Novice\) plays ")
        c.expect(r"Move 2 · ")
        c.expect(PROMPT_O)
        c.send("undo")
        c.expect("The computer's opening move can't be taken back.")
        c.expect(PROMPT_O)
        # Still move 2: nothing was taken back, the game goes on.
        self.play_first_legal_move(c, PROMPT_O)
        c.expect(r"O: you play ")
        c.expect(r"Move 4 · ")
        c.expect(PROMPT_O)
        c.send("undo")
        c.expect("Took back 2 moves")
        c.expect(r"Move 2 · ")
        c.expect(PROMPT_O)
        c.send("quit")
        self.assertEqual(c.finish(), 0)

    def test_resignation_then_another_game_swaps_the_opener(self):
        c = self.client("--mode", "cpu", "--level", "normal")
        c.expect("You open with X.")
        c.expect(PROMPT_X)
        c.send("resign")
        c.expect(r"Do you really want to resign this game\? \[y/N\] ")
        c.send("n")
        c.expect("Good, play on!")
        c.expect(PROMPT_X)
        c.send("resign")
        c.expect(r"\[y/N\] ")
        c.send("y")
        c.expect(r"Result: .* You resigned\.")  # a resignation reads as one, not "You lose"
        c.expect(r"Your record against the computer, Normal: 0 won, 0 drawn, 1 lost\.")
        c.expect(WHAT_NEXT)
        c.send("undo")
        c.expect("The game is over: moves can no longer be taken back.")
        c.expect(WHAT_NEXT)
        c.send("another")
        c.expect("Game 2 of ")
        c.expect(r"X: Computer \(Normal\)")
        c.expect(r"O: You")
        c.expect(r"Computer \(Normal\) opens with X\.")
        c.expect(r"X: Computer \(Normal\) plays ")
        c.expect(PROMPT_O)
        c.send("undo")
        c.expect("The computer's opening move can't be taken back.")
        c.expect(PROMPT_O)
        c.send("resign")
        c.expect(r"\[y/N\] ")
        c.send("yes")
        c.expect(r"Your record against the computer, Normal: 0 won, 0 drawn, 2 lost\.")
        c.expect(WHAT_NEXT)
        c.send("another")
        c.expect("Game 3 of ")
        c.expect("You open with X.")
        c.expect(PROMPT_X)
        c.send("quit")
        self.assertEqual(c.finish(), 0)

    def test_a_restart_resumes_the_unfinished_game(self):
        c = self.client("--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        c.send("5/5")
        answer = c.expect(r"O: Computer \(Novice\) plays (.+)\.\n").group(1)
        c.expect(PROMPT_X)
        c.send("quit")
        c.expect("Your game is saved.")
        self.assertEqual(c.finish(), 0)
        with open(self.saved_file()) as f:
            saved = json.load(f)
        self.assertEqual(len(saved["unfinished"][-1]["state"]["moves"]), 2)

        again = self.client()
        again.expect(r"You have an unfinished game of .* \(against the computer, Novice\), at move 3\. "
                     r"Resume it\? \[Y/n\] ")
        again.send("")
        again.expect("Welcome back: the game goes on at move 3.")
        again.expect(r"Move 3 · ")
        again.expect(r"Last move: O %s, by Computer \(Novice\)" % re.escape(answer))
        again.expect(PROMPT_X)
        again.send("undo")
        again.expect("Took back 2 moves")
        again.expect(PROMPT_X)
        # Leaving the input without quitting keeps the game too.
        self.assertEqual(again.finish(), 0)
        with open(self.saved_file()) as f:
            self.assertEqual(json.load(f)["unfinished"][-1]["state"].get("moves", []), [])

    def test_a_game_left_before_its_first_move_resumes_with_one_question(self):
        c = self.client("--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        c.send("quit")
        self.assertEqual(c.finish(), 0)
        again = self.client()
        again.expect(r"at move 1\. Resume it\? \[Y/n\] ")
        again.send("")
        again.expect(PROMPT_X)
        self.assertNotIn("Resume it instead", again.out)
        again.send("quit")
        self.assertEqual(again.finish(), 0)

    def test_a_second_client_on_the_same_folder_is_refused_and_no_game_is_lost(self):
        first = self.client("--mode", "cpu", "--level", "novato")
        first.expect(PROMPT_X)
        first.send("5/5")
        first.expect(r"O: Computer \(Novice\) plays ")
        first.expect(PROMPT_X)
        second = self.client("--mode", "cpu", "--level", "experto")
        second.expect(r"Another game-client \(process %d\) is using the data folder %s\. "
                      % (first.proc.pid, re.escape(os.path.dirname(self.saved_file()))))
        self.assertEqual(second.finish(), 1)
        self.assertNotIn("Resume it?", second.out)
        # The first goes on and saves as if the second had never come.
        self.play_first_legal_move(first, PROMPT_X)
        first.expect(r"O: Computer \(Novice\) plays ")
        first.expect(PROMPT_X)
        first.send("quit")
        first.expect("Your game is saved.")
        self.assertEqual(first.finish(), 0)
        games = self.saved()["unfinished"]
        self.assertEqual(len(games), 1)
        self.assertEqual(len(games[0]["state"]["moves"]), 4)
        # Once the first has gone, the folder is free again.
        again = self.client()
        again.expect(r"at move 5\. Resume it\? \[Y/n\] ")
        again.send("n")
        again.close()

    def test_a_save_cut_short_leaves_no_temporary_file_behind(self):
        folder = os.path.dirname(self.saved_file())
        os.makedirs(folder)
        stale = os.path.join(folder, "game-client.json.tmp4242")
        with open(stale, "w") as f:
            f.write('{"seat tokens": "half a file"')
        c = self.client("--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        self.assertFalse(os.path.exists(stale))
        c.send("quit")
        self.assertEqual(c.finish(), 0)
        self.assertEqual(sorted(os.listdir(folder)), ["game-client.json", "game-client.lock"])

    def test_invalid_input_gets_a_message_and_the_same_prompt(self):
        c = self.client("--mode", "two")
        self.keep_seat_names(c)
        c.expect(r"Player 1 \(X\) > ")
        c.send("5/5")
        c.expect(r"Player 2 \(O\) > ")
        c.send("5/1")
        c.expect(r"Player 1 \(X\) > ")
        c.send("1/5")
        c.expect(r"Move 4 · ")
        o_prompt = r"Player 2 \(O\) > "
        c.expect(o_prompt)
        tries = [
            ("5/5", r"Cell 5 of board 5 is already taken\."),             # an occupied cell, by notation
            ("e5", r"Cell 5 of board 5 is already taken\."),              # the same, by its cell
            ("1/1", r"You must play in board 5\."),                       # a board that is not playable
            ("a1", r"You must play in board 5\."),
            ("hello", r"“hello” is neither a move nor a cell\. Type help for help\."),  # garbage
            ("9/10", r"“9/10” is neither a move nor a cell\."),           # an unknown move
            ("z99", r"There is no cell z99: columns go from a to i and rows from 1 to 9\."),
            ("where 1/1", r"You must play in board 5\."),                 # as precise as playing it
            ("where 5/5", r"Cell 5 of board 5 is already taken\."),
            ("where hello", r"“hello” is neither a move nor a cell\."),
        ]
        for typed, message in tries:
            c.send(typed)
            c.expect(message)
            c.expect(o_prompt)
            # No board was redrawn: nothing changed.
            self.assertNotIn("Move 5", c.out[c.pos - 400:c.pos])
        c.send("")
        c.expect(o_prompt)
        c.send("where 5/9")
        c.expect(r"5/9 \(f6\) sends your opponent to board 9\.")
        c.expect(o_prompt)
        c.send("5/9")
        c.expect(r"O: Player 2 plays 5/9 \(f6\)\.")
        c.expect(r"Move 5 · ")
        c.expect(r"Player 1 \(X\) > ")
        c.send("quit")
        self.assertEqual(c.finish(), 0)

    def test_menus_settings_replay_and_rules(self):
        c = self.client()
        menu = c.expect(r"what would you like to do\?\n((?:  .*\n)+)Your choice: ")
        self.assertIn("Two players on one screen", menu.group(1))
        self.assertIn("Play online: open a table", menu.group(1))
        self.assertIn("Join a table with an invite code", menu.group(1))
        self.assertIn("Watch a table", menu.group(1))
        c.send("7x")
        c.expect(r"Please type one of the numbers shown: 1, 2, 3, 4, 5, 6, 7, 8, 9, 14(, 15)?, 16, 17, 18, 19, 21, 0\.")
        c.expect("Your choice: ")
        c.send("7")
        listed = c.expect(r"Settings of .*\n((?:  .*\n)+)Number of the setting to change")
        row = re.search(r"  (\d+)\. Alternate first turn: On\n", listed.group(1))
        self.assertIsNotNone(row, listed.group(1))
        c.send(row.group(1))
        values = c.expect(r"((?:     \d+\. .*\n)+)New value for Alternate first turn \(1–\d+\): ")
        off = re.search(r"(\d+)\. Off", values.group(1))
        c.send(off.group(1))
        c.expect(r"Alternate first turn: Off\. Your next game starts with it\.")
        c.expect("Number of the setting to change")
        c.send("")
        c.expect("Your choice: ")
        c.send("8")
        c.expect(r"== .* ==")
        c.expect("Your choice: ")
        c.send("2")
        c.expect(r"How strong should the computer be\? \(1–3, Enter for 2\): ")
        c.send("1")
        c.expect(r"Would you like to open the first game\? \[Y/n\] ")
        c.send("y")
        c.expect(PROMPT_X)
        c.send("5/5")
        c.expect(PROMPT_X)
        c.send("resign")
        c.expect(r"\[y/N\] ")
        c.send("y")
        c.expect(WHAT_NEXT)
        c.send("replay")
        c.expect(r"Replay: position 0 of 2")
        c.expect(r"Next: your move, X 5/5 \(e5\)\.")
        c.expect("Replay > ")
        c.send("")
        title = c.expect(r"Replay: position 1 of 2")
        # Where the next move could go: the nine cells of board 5 but the centre.
        shown = c.expect("Replay > ")
        board = c.out[title.end():shown.start()]
        self.assertEqual(board.count("+"), 8 + 1, board)  # eight cells and the legend
        c.send("2")
        c.expect(r"Replay: position 2 of 2")
        c.expect(r"End of the game: ")
        c.expect("Replay > ")
        c.send("back")
        c.expect(r"Replay: position 1 of 2")
        c.expect("Replay > ")
        c.send("")
        c.expect(r"Replay: position 2 of 2")
        c.expect("Replay > ")
        c.send("")  # Enter at the end leaves with a word
        c.expect(r"That was the last position: the replay is over\.\n")
        c.expect(WHAT_NEXT)
        c.send("another")
        # The local rule is off: the same seat opens again.
        c.expect("Game 2 of ")
        c.expect("You open with X.")
        c.expect(PROMPT_X)
        c.send("menu")
        c.expect("Your game is saved")
        c.expect("Resume your unfinished game")
        c.expect("Your choice: ")
        c.send("0")
        c.expect("Bye")
        self.assertEqual(c.finish(), 0)

    def test_the_turn_clock_lets_the_computer_play_for_you(self):
        c = self.client()
        c.expect("Your choice: ")
        c.send("7")
        listed = c.expect(r"Settings of .*\n((?:  .*\n)+)Number of the setting to change")
        row = re.search(r"  (\d+)\. Time per turn: No limit\n", listed.group(1)).group(1)
        c.send(row)
        values = c.expect(r"((?:     \d+\. .*\n)+)New value for Time per turn")
        c.send(re.search(r"(\d+)\. 30\ss", values.group(1)).group(1))
        c.expect(r"Time per turn: 30\ss\.")
        c.expect("Number of the setting to change")
        c.send("")
        c.expect("Your choice: ")
        c.send("2")
        c.expect(r"\(1–3, Enter for 2\): ")
        c.send("1")
        c.expect(r"\[Y/n\] ")
        c.send("")
        started = time.monotonic()
        c.expect(r"You \(X, 30\ss\) > ")
        # Reading the rules does not restart the clock.
        time.sleep(8)
        c.send("rules")
        c.expect(r"== .* ==")
        c.expect(r"You \(X, 2\d\ss\) > ")
        c.expect(r"Your time ran out: the computer plays this move for you\.", timeout=45)
        self.assertGreaterEqual(time.monotonic() - started, 29)
        self.assertLess(time.monotonic() - started, 34)
        c.expect(r"X: you play ")
        c.expect(r"O: Computer \(Novice\) plays ")
        c.expect(r"Move 3 · ")
        c.expect(r"You \(X, 30\ss\) > ")
        c.send("quit")
        self.assertEqual(c.finish(), 0)

    def test_an_unreadable_save_file_gets_a_message_not_a_crash(self):
        os.makedirs(os.path.dirname(self.saved_file()))
        with open(self.saved_file(), "w") as f:
            f.write("{ this is not json")
        c = self.client()
        c.expect(r"could not be read: it is not valid JSON\. The file was moved to \S+game-client\.json\.unreadable")
        c.expect("Your choice: ")
        c.send("0")
        self.assertEqual(c.finish(), 0)
        self.assertTrue(os.path.exists(self.saved_file() + ".unreadable"))

    def test_a_forged_saved_game_is_refused_by_the_host(self):
        os.makedirs(os.path.dirname(self.saved_file()))
        forged = {"format": 1, "unfinished": {
            "mode": "against_cpu", "seats": [{"human": True}, {"human": False, "level": "NORMAL"}],
            "state": {"gameId": "uttt", "gameNumber": 1, "moves": [40, 40]}}}
        with open(self.saved_file(), "w") as f:
            json.dump(forged, f)
        c = self.client()
        c.expect(r"Resume it\? \[Y/n\] ")
        c.send("y")
        c.expect(r"Your unfinished game could not be restored: .*It has been set aside\.")
        c.expect("Your choice: ")
        c.send("q")
        self.assertEqual(c.finish(), 0)
        # Set aside, not deleted: the record is still in the file.
        with open(self.saved_file()) as f:
            saved = json.load(f)
        self.assertNotIn("unfinished", saved)
        self.assertEqual(saved["set_aside"][0]["state"]["moves"], [40, 40])

    def test_a_demo_ends_with_a_result_line(self):
        c = self.client("--mode", "demo", "--level", "novato")
        self.assertEqual(c.finish(timeout=300), 0)
        lines = [l for l in c.out.splitlines() if l.strip()]
        self.assertRegex(lines[-1], r"^Result: .+ (Computer [12] \(Novice\) wins\.|It's a draw\.)$")
        self.assertRegex(c.out, r"\n1\. X: Computer 1 \(Novice\) plays ")

    def test_spanish(self):
        c = self.client("--mode", "cpu", "--level", "experto", lang="es")
        c.expect("Partida 1 de ")
        c.expect("Empiezas tú, con X.")
        c.expect(r"Jugada 1 · ")
        c.expect(r"Tú \(X\) > ")
        c.send("ayuda")
        c.expect(r"deshacer \(d\): deshace tu última jugada")  # Spanish letters
        c.expect(r"Tú \(X\) > ")
        c.send("5/5")
        c.expect(r"Última jugada: O \S+ \(\w\d\), del ordenador \(Experto\)")  # not "de Ordenador"
        c.expect(r"Tú \(X\) > ")
        c.send("salir")
        c.expect("Tu partida está guardada.")
        self.assertEqual(c.finish(), 0)

    def test_the_same_client_plays_classic_tic_tac_toe(self):
        c = self.client("--mode", "two", game="tictactoe")
        self.keep_seat_names(c)
        first = c.expect(r"(This host serves no game|Player 1 \(X\) > )")
        if first.group(1).startswith("This host"):
            self.skipTest("the host serves no tictactoe plugin")
        self.assertIn("    a b c\n  ┌───────┐\n", c.out)
        for typed, prompt in (("1", "Player 2 \\(O\\) > "), ("4", "Player 1 \\(X\\) > "),
                              ("2", "Player 2 \\(O\\) > "), ("e5", "Player 2 \\(O\\) > "),
                              ("b1", "Player 2 \\(O\\) > "), ("5", "Player 1 \\(X\\) > ")):
            c.send(typed)
            c.expect(prompt)
        self.assertIn("There is no cell e5: columns go from a to c and rows from 1 to 3.", c.out)
        self.assertIn("Cell 2 is already taken.", c.out)
        c.send("c1")
        c.expect(r"Result: .* Player 1 wins\.")
        c.expect("Two players: Player 1 won 1, Player 2 won 0, 0 drawn")
        c.expect(WHAT_NEXT)
        c.send("another")
        c.expect("Game 2 of ")
        c.expect("Player 2 opens with X.")
        c.expect(r"Player 2 \(X\) > ")
        c.send("quit")
        self.assertEqual(c.finish(), 0)

    def test_an_unknown_game_and_an_unreachable_host(self):
        c = self.client(game="chess")
        c.expect(r"This host serves no game “chess”\. It serves: .*uttt")
        self.assertEqual(c.finish(), 2)
        c = self.client("--mode", "cpu", "--seat", "3")
        c.expect(r"has no seat 3: its seats go from 1 to 2\.")
        self.assertEqual(c.finish(), 2)
        env = dict(os.environ, XDG_DATA_HOME=self.home.name)
        # Nothing kept and no game's plugin to replay a text with: nothing
        # to offer (client_offline_test.py has the rest).
        no_plugins = tempfile.TemporaryDirectory()
        self.addCleanup(no_plugins.cleanup)
        done = subprocess.run([ARGS.client, "--host", "127.0.0.1:1", "--lang", "en",
                               "--plugins", no_plugins.name], env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 1)
        self.assertIn("No game host answers at 127.0.0.1:1", done.stdout)

    def test_without_a_host_the_finished_games_and_the_scoreboard_are_still_there(self):
        c = self.client("--mode", "two", "--names", "Ana,Bruno", game="tictactoe")
        for typed in ("1", "4", "2", "5", "3"):
            c.expect(r"(Ana \(X\)|Bruno \(O\)) > ")
            c.send(typed)
        c.expect(r"Result: .* Ana wins\.")
        c.expect(WHAT_NEXT)
        c.send("quit")
        self.assertEqual(c.finish(), 0)

        # No plugin here either: the game's text is all there is of it.
        no_plugins = tempfile.TemporaryDirectory()
        self.addCleanup(no_plugins.cleanup)
        offline = ClientProcess(ARGS.client, "127.0.0.1:1", self.home.name, "--plugins", no_plugins.name,
                                game=None, timeout=60)
        self.clients.append(offline)
        offline.expect(r"No game host answers at 127\.0\.0\.1:1\.")
        offline.expect(r"No game host answers: what is kept on this device\n  1\. Finished games\n"
                       r"  2\. Scoreboard\n  3\. Replay a game text\n  4\. Try the game host again\n"
                       r"  0\. Quit\nYour choice: ")
        offline.send("1")
        offline.expect(r"  1\. \d{4}-\d\d-\d\d \d\d:\d\d · Tic-tac-toe · Ana, Bruno, on one screen · Ana won")
        offline.send("1")
        offline.expect(r"Finished game > ")
        offline.send("export")
        offline.expect(r"\ntictactoe: 1 4 2 5 3\n")
        offline.send("replay")
        offline.expect(r"No game host answers, and %s holds no game plugin that can be loaded\. "
                       r"export still shows the game’s text" % re.escape(no_plugins.name))
        offline.send("")
        offline.send("")
        offline.expect(r"Your choice: ")
        offline.send("2")
        offline.expect(r"Two players: Ana won 1, Bruno won 0, 0 drawn")
        offline.send("4")
        offline.expect(r"No game host answers at 127\.0\.0\.1:1\.")
        offline.send("0")
        offline.expect("Bye")
        self.assertEqual(offline.finish(), 0)

    def test_enter_at_which_game_picks_the_flagship_game(self):
        c = self.client(game=None)
        c.expect(r"Which game\? \(1–2, Enter for (\d)\): ")
        c.send("")
        c.expect(r"Ultimate tic-tac-toe: what would you like to do\?")
        c.expect("Your choice: ")
        c.send("0")
        self.assertEqual(c.finish(), 0)

    def choose_menu_item(self, c, label):
        """Picks the menu line `label` by the number shown beside it."""
        menu = c.expect(r"what would you like to do\?\n((?:  .*\n)+)Your choice: ")
        number = re.search(r"  (\d+)\. " + re.escape(label) + "\n", menu.group(1))
        self.assertIsNotNone(number, "no %r in the menu:\n%s" % (label, menu.group(1)))
        c.send(number.group(1))

    def test_named_players_a_history_replay_export_and_import(self):
        c = self.client("--mode", "two", game="tictactoe", env={"HOME": self.home.name})
        c.expect(r"Name of player 1 \(Enter for Player 1\): ")
        c.send("Ana")
        c.expect(r"Name of player 2 \(Enter for Player 2\): ")
        c.send("Ana")
        c.expect("The two players need different names.")
        c.expect(r"Name of player 2 \(Enter for Player 2\): ")
        c.send("Bruno")
        for typed, prompt in (("1", r"Bruno \(O\) > "), ("4", r"Ana \(X\) > "), ("2", r"Bruno \(O\) > "),
                              ("5", r"Ana \(X\) > ")):
            c.send(typed)
            c.expect(prompt)
        c.send("3")
        c.expect(r"Result: .* Ana wins\.")
        # The scoreboard names the people, not their seats.
        c.expect("Two players: Ana won 1, Bruno won 0, 0 drawn")
        c.expect(WHAT_NEXT)
        c.send("menu")
        self.choose_menu_item(c, "Scoreboard")
        c.expect("Two players: Ana won 1, Bruno won 0, 0 drawn")

        self.choose_menu_item(c, "Finished games")
        # A row wraps between words on a narrow screen.
        c.expect(r"Finished games \(1\), newest first\n  1\. " + wrapped(
            r"\d{4}-\d\d-\d\d \d\d:\d\d · Tic-tac-toe · Ana, Bruno, on one screen · Ana won · 5 moves\n"))
        c.send("7")
        c.expect(r"Please type a number from 1 to 1, or press Enter\.")
        c.send("1")
        c.expect(r"Finished game > ")
        c.send("export")
        c.expect(r"\ntictactoe: 1 4 2 5 3\n")
        c.expect(r"Finished game > ")
        c.send("replay")
        c.expect(r"Replay: position 0 of 5")
        c.expect(r"Next: X 1 \(a1\), by Ana\.")
        c.send("5")
        c.expect(r"Replay: position 5 of 5")
        c.send("q")
        c.expect(r"Finished game > ")
        text_file = os.path.join(self.home.name, "ana-bruno.txt")
        c.send("s")
        # By default in the user's documents, else home: never wherever the
        # client happened to start.
        c.expect(r"File to write \(Enter for %s/tictactoe-\d{4}-\d\d-\d\d-\d{4}\.txt\): " % re.escape(self.home.name))
        c.send("~/ana-bruno.txt")  # ~ is home, as in a shell
        c.expect("The game text is in " + text_file + ".")
        with open(text_file) as f:
            self.assertRegex(f.read(), r'^\[Game "tictactoe"\]\n\[Date "\d{4}-\d\d-\d\d"\]\n\[Seat1 "Ana"\]\n'
                                       r'\[Seat2 "Bruno"\]\n\[Result "1-0"\]\ntictactoe: 1 4 2 5 3\n$')
        c.send("s")
        c.expect(r"File to write")
        c.send(text_file)
        c.expect(re.escape(text_file) + r" already exists\. Replace it\? \[y/N\]")
        c.send("n")
        c.expect(r"Finished game > ")
        c.send("")
        c.expect(r"or press Enter for the menu: ")
        c.send("")

        # A game text from a file, then pasted ones that are wrong.
        self.choose_menu_item(c, "Replay a game text")
        c.expect(r"\(Enter to go back\): ")
        c.send(text_file)
        c.expect(r"Tic-tac-toe: 5 moves read\. The replay starts from the first position\.")
        c.expect(r"Replay: position 0 of 5")
        c.expect(r"Next: X 1 \(a1\), by Ana\.")  # named by the text's header
        c.send("q")
        for typed, message in (
                ("tictactoe: 1 4 1", r"move 3, “1”, is not a legal move in that position\."),
                ("tictactoe colour=red: 1", r"“colour” is not a setting of Tic-tac-toe\."),
                ("chess: e4", r"This host serves no game “chess”\."),
                ("tictactoe: 1 resigned_seat=9", r"That game text cannot be replayed: "),
                ("no-such-file.txt", r"“no-such-file\.txt” is neither a game text \(it has no colon\) nor a file")):
            # A refused text is asked for again, not sent back to the menu.
            self.choose_menu_item(c, "Replay a game text")
            c.expect(r"\(Enter to go back\): ")
            c.send(typed)
            c.expect(message)
            c.expect(r"\(Enter to go back\): ")
            c.send("")
        self.choose_menu_item(c, "Replay a game text")
        c.expect(r"\(Enter to go back\): ")
        c.send("tictactoe: 5 5")
        c.expect(r"move 2, “5”, is not a legal move")
        c.expect(r"\(Enter to go back\): ")
        c.send("tictactoe: 5 1 resigned_seat=2")
        c.expect(r"Tic-tac-toe: 2 moves read\.")
        c.expect(r"Replay: position 0 of 2")
        # A text without a header names no one: not the last two people on
        # this screen.
        c.expect(r"Next: X 5 \(b2\), by Player 1\.")
        c.send("2")
        c.expect(r"Replay: position 2 of 2")
        # The game as it ended, not the position before the resignation.
        last = c.expect(r"(?s)(.*?)End of the game: .*resign").group(1)
        self.assertNotIn("to move", last)
        c.send("q")
        c.send("quit")
        self.assertEqual(c.finish(), 0)

        finished = self.saved()["finished"]
        self.assertEqual(len(finished), 1)
        self.assertEqual(finished[0]["reader"], 0)
        self.assertEqual([s.get("name") for s in finished[0]["seats"]], ["Ana", "Bruno"])
        self.assertEqual(self.saved()["two_player_names"], ["Ana", "Bruno"])

        # The names are remembered: Enter keeps them next time.
        again = self.client("--mode", "two", game="tictactoe")
        again.expect(r"Name of player 1 \(Enter for Ana\): ")
        again.send("")
        again.expect(r"Name of player 2 \(Enter for Bruno\): ")
        again.send("")
        again.expect(r"Ana \(X\) > ")
        again.send("quit")
        self.assertEqual(again.finish(), 0)

    def test_a_game_against_the_cpu_is_kept_in_the_history(self):
        c = self.client("--mode", "cpu", "--level", "novato", game="tictactoe")
        c.expect(r"You \(X\) > ")
        c.send("resign")
        c.expect(r"resign this game\? \[y/N\] ")
        c.send("y")
        c.expect(WHAT_NEXT)
        c.send("menu")
        self.choose_menu_item(c, "Finished games")
        c.expect(wrapped(r"Tic-tac-toe · against Computer \(Novice\) · you resigned · 0 moves\n"))
        c.send("")
        c.send("quit")
        self.assertEqual(c.finish(), 0)
        self.assertEqual(self.saved()["finished"][0]["reader"], 1)

    def tty_client(self, *args, game="uttt", tty=True):
        c = ClientProcess(ARGS.client, HOST.address, self.home.name, *args, game=game, timeout=60,
                          tail=2000, tty=tty)
        self.clients.append(c)
        return c

    def test_on_a_terminal_a_demo_stops_on_q(self):
        c = self.tty_client("--demo-pause-ms", "300")
        c.expect("Your choice: ")
        c.send("6")
        c.expect(r"Enter for \d\): ")
        c.send("1")
        c.expect(r"Enter for \d\): ")
        c.send("1")
        c.expect(r"\n2\. O: Computer 2 \(Novice\) plays ")
        c.send("q")
        c.expect(r"Stopped: the computer no longer plays itself\.")
        c.expect("Your choice: ")  # back at the menu, not out of the client
        self.assertNotIn("Result:", c.out)
        c.send("0")
        c.expect("Bye")
        self.assertEqual(c.finish(), 0)

    def test_on_a_terminal_the_computer_is_seen_thinking(self):
        c = self.tty_client("--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        c.send("5/5")
        c.expect(r"Computer \(Novice\) is thinking…")
        c.expect(r"O: Computer \(Novice\) plays ")
        c.expect(PROMPT_X)
        c.send("quit")
        self.assertEqual(c.finish(), 0)

    def test_on_a_terminal_lines_are_edited_and_recalled(self):
        c = self.tty_client("--mode", "two", tty="full")
        self.keep_seat_names(c)
        c.expect(r"Player 1 \(X\) > ")
        c.keys(b"5/\x1b[D\x1b[C5")  # "5/", left, right, "5": arrows move, never insert
        c.send("")
        c.expect(r"X: Player 1 plays 5/5 \(e5\)\.")
        c.expect(r"Player 2 \(O\) > ")
        c.keys(b"\x1b[A")  # up: the line before, from the history
        c.send("")
        c.expect(r"Cell 5 of board 5 is already taken\.")
        c.expect(r"Player 2 \(O\) > ")
        self.assertNotIn("^[[", c.out)
        c.send("quit")
        c.expect("Your game is saved")
        self.assertEqual(c.finish(), 0)

    def test_winning_a_small_board_is_announced(self):
        c = self.client("--mode", "two")
        self.keep_seat_names(c)
        for move, prompt in (("1/5", "Player 1"), ("5/1", "Player 2"), ("1/9", "Player 1"), ("9/1", "Player 2")):
            c.expect(r"%s \([XO]\) > " % prompt)
            c.send(move)
        c.expect(r"Player 1 \(X\) > ")
        self.assertNotIn("wins board", c.out)
        c.send("1/1")  # the diagonal 1, 5, 9 of board 1
        c.expect(r"X: Player 1 plays 1/1 \(a1\)\.\nX wins board 1\.\n")
        c.expect(r"Player 2 \(O\) > ")
        c.send("quit")
        self.assertEqual(c.finish(), 0)

    # --- Issue 18: saves that cannot be lost, and the host going away ---

    def own_host(self, port=0):
        host = HostProcess(ARGS.host, ARGS.plugins, port=port, store="memory")
        self.addCleanup(host.stop)
        return host

    def client_of(self, host, *args):
        c = ClientProcess(ARGS.client, host.address, self.home.name, *args, timeout=60, tail=2000)
        self.clients.append(c)
        return c

    def menu_number(self, menu_text, label):
        return re.search(r"  (\d+)\. %s" % re.escape(label), menu_text).group(1)

    def test_resuming_while_the_host_is_down_keeps_the_game_byte_for_byte(self):
        host = self.own_host()
        c = self.client_of(host, "--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        c.send("5/5")
        c.expect(PROMPT_X)
        c.send("menu")
        menu = c.expect(r"what would you like to do\?\n((?:  .*\n)+)Your choice: ")
        with open(self.saved_file(), "rb") as f:
            before = f.read()
        host.stop()
        c.send(self.menu_number(menu.group(1), "Resume your unfinished game"))
        c.expect(r"The game host is not answering; retrying… \(type menu to stop waiting\)")
        c.send("menu")
        c.expect(r"your game can’t be restored right now\. It stays saved")
        c.expect("Your choice: ")
        c.send("0")
        self.assertEqual(c.finish(), 0)
        self.assertNotIn("CANCELLED", c.out)
        self.assertNotIn("failed to connect", c.out)
        with open(self.saved_file(), "rb") as f:
            self.assertEqual(f.read(), before)

    def test_menu_while_the_host_is_away_goes_back_to_the_menu(self):
        host = self.own_host()
        c = self.client_of(host, "--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        c.send("5/5")
        c.expect(r"O: Computer \(Novice\) plays ")
        c.expect(PROMPT_X)
        host.stop()
        self.play_first_legal_move(c, PROMPT_X)
        c.expect(r"The game host is not answering; retrying… \(type menu to stop waiting\)")
        c.send("moves")  # not dropped without a word
        c.expect(r"Still waiting for the game host: nothing else can be done until it answers\. "
                 r"Type menu to stop waiting\.")
        c.send("menu")
        c.expect(r"Your game is saved: pick “Resume your unfinished game” in the menu to carry on\.")
        c.expect("Your choice: ")
        self.assertNotIn("is not answering. Your game is saved after every move", c.out)
        c.send("0")
        c.expect("Bye")
        self.assertEqual(c.finish(), 0)
        self.assertEqual(len(self.saved()["unfinished"][0]["state"]["moves"]), 2)

    def test_restarting_the_host_mid_game_carries_on(self):
        host = self.own_host()
        port = int(host.address.rsplit(":", 1)[1])
        c = self.client_of(host, "--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        c.send("5/5")
        c.expect(r"Move 3 · ")
        c.send("moves")
        listed = c.expect(r"Your moves \(\d+\): (.*(?:\n  .*)*)\n")
        c.expect(PROMPT_X)
        host.stop()
        c.send(listed_moves(listed.group(1))[0])
        c.expect(r"The game host is not answering; retrying…")
        time.sleep(1)
        self.own_host(port=port)
        c.expect(r"The game host is back: carrying on\.")
        c.expect(r"X: you play ")
        c.expect(r"O: Computer \(Novice\) plays ")
        c.expect(r"Move 5 · ")
        c.expect(PROMPT_X)
        c.send("quit")
        self.assertEqual(c.finish(), 0)
        self.assertNotRegex(c.out, r"CANCELLED|UNAVAILABLE|refused")

    def test_a_folder_that_cannot_be_written_says_nothing_is_saved(self):
        blocker = os.path.join(self.home.name, "a-file")
        with open(blocker, "w") as f:
            f.write("not a folder")
        c = ClientProcess(ARGS.client, HOST.address, blocker, "--mode", "cpu", "--level", "novato",
                          timeout=60, tail=2000)
        self.clients.append(c)
        c.expect(r"Your games could not be saved: ")
        c.expect(PROMPT_X)
        c.send("quit")
        c.expect(r"Your game is not saved: it cannot be written to this device")
        self.assertEqual(c.finish(), 0)
        self.assertNotIn("Your game is saved", c.out)

    def test_one_unfinished_game_per_opponent_and_abandoning_asks_first(self):
        c = self.client("--mode", "cpu", "--level", "novato")
        c.expect(PROMPT_X)
        c.send("5/5")
        c.expect(PROMPT_X)
        c.send("menu")
        c.expect("Your choice: ")
        # Another level: its own slot, the first game stays.
        c.send("2")
        c.expect(r"\(1–3, Enter for 1\): ")
        c.send("3")
        c.expect(r"\[Y/n\] ")
        c.send("y")
        c.expect(PROMPT_X)
        c.send("menu")
        c.expect("Your choice: ")
        self.assertEqual(len(self.saved()["unfinished"]), 2)
        # The same level again: the client asks instead of overwriting.
        c.send("2")
        c.expect(r"\(1–3, Enter for 1\): ")
        c.send("1")
        c.expect(r"\[Y/n\] ")
        c.send("y")
        c.expect(r"You already have an unfinished game of .*: against the computer, Novice, at move 3\.")
        c.expect(r"Resume it instead of starting a new one\? \[Y/n\] ")
        c.send("n")
        c.expect(r"Abandon your game \(against the computer, Novice, at move 3\) for good\? "
                 r"It counts as a loss on your scoreboard\. \[y/N\] ")
        c.send("")
        c.expect("Nothing abandoned: your game stays saved.")
        menu = c.expect(r"what would you like to do\?\n((?:  .*\n)+)Your choice: ")
        # Each entry keeps its number whichever others show: resuming is
        # always 10, the finished games always 13; the club's player's
        # entries come after the others (20, moving a player out, needs one).
        numbers = [int(n) for n in re.findall(r"^  (\d+)\. ", menu.group(1), re.M)]
        self.assertEqual(numbers, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 21, 0], menu.group(1))
        self.assertEqual(self.menu_number(menu.group(1), "Resume your unfinished game"), "10")
        c.send(self.menu_number(menu.group(1), "Abandon an unfinished game"))
        c.expect(r"  1\. against the computer, Novice, at move 3\n  2\. against the computer, Expert, at move 1\n")
        c.expect(r"\(1–2, Enter for 2\): ")
        c.send("1")
        c.expect(r"\[y/N\] ")
        c.send("y")
        c.expect("The game is abandoned and counted as a loss.")
        c.expect("Your choice: ")
        c.send("9")
        c.expect(r"Against the computer, Novice: 0 won, 0 drawn, 1 lost")
        c.expect("Your choice: ")
        c.send("0")
        self.assertEqual(c.finish(), 0)
        left = self.saved()["unfinished"]
        self.assertEqual(len(left), 1)
        self.assertEqual(left[0]["seats"][1]["level"], "EXPERTO")
        # Declining to resume at start-up keeps the game too.
        again = self.client()
        again.expect(r"Resume it\? \[Y/n\] ")
        again.send("n")
        again.expect("It stays saved")
        again.expect("Your choice: ")
        again.send("0")
        self.assertEqual(again.finish(), 0)
        self.assertEqual(len(self.saved()["unfinished"]), 1)


def main():
    global ARGS, HOST
    ARGS, rest = test_arguments()
    # Tables in memory: a test leaves nothing behind in the user's state.
    HOST = HostProcess(ARGS.host, ARGS.plugins, store="memory")
    try:
        program = unittest.main(argv=[sys.argv[0]] + rest, exit=False, verbosity=2)
    finally:
        HOST.stop()
    sys.exit(0 if program.result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
