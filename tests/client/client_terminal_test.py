#!/usr/bin/python3
"""game-client in a real terminal: each client runs on a pseudo-terminal of
its own, so its line editor (libedit) is on, as for a person at a keyboard.
Pipes never reach that code.

Two players and a spectator at one table of a real game-host. While one
player moves, the others are half-way through a line; the news of the move
redraws their prompt, and what they go on typing must be exactly what is
played or run: never a stale line, never a history search.

    client_terminal_test.py --client build/bin/game-client \
        --host build/bin/game-host --plugins build/plugins
"""
import os
import re
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client_process import ClientProcess, HostProcess, listed_moves, test_arguments  # noqa: E402

ARGS = None
GUIDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "client.md")

# What the line editor shows in its history search: it must never be entered
# by anything but the player's own Ctrl-R.
SEARCH_PROMPT = re.compile(r"bck:|fwd:|\^R")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
# A prompt drawn after another on the same line of the screen.
DOUBLED_PROMPT = re.compile(r"(?:\([XO]\)|to move) > [^\r\n]*(?:\([XO]\)|to move) > ")


class TerminalTable(unittest.TestCase):
    def setUp(self):
        self.host = HostProcess(ARGS.host, ARGS.plugins, store="memory",
                                flags=["--cpu-ms", "50", "--stand-in-ms", "50"])
        self.addCleanup(self.host.stop)
        self.clients = []

    def tearDown(self):
        for c in self.clients:
            c.close()

    def terminal(self, *args, game="uttt", columns=None, home=None):
        if home is None:
            folder = tempfile.TemporaryDirectory()
            self.addCleanup(folder.cleanup)
            home = folder.name
        c = ClientProcess(ARGS.client, self.host.address, home, *args, game=game,
                          tty="full", tail=1500, columns=columns)
        self.clients.append(c)
        return c

    def table_of_two(self):
        ana = self.terminal("--create", "--name", "Ana")
        code = ana.expect(r"Invite code: (?:\x1b\[[0-9;]*m)*([A-Z0-9]{6})").group(1)
        ana.expect(r"Waiting for players > ")
        bruno = self.terminal("--join", code, "--name", "Bruno", game=None)
        bruno.expect(r"Waiting for Ana \(X\) > ")
        ana.expect(r"You \(X\) > ")
        return ana, bruno, code

    def legal_moves(self, c, prompt):
        c.send("moves")
        listed = c.expect(r"Your moves \(\d+\): ([^\n]*(?:\n  [^\n]*)*)\r?\n")
        c.expect(prompt)
        return listed_moves(listed.group(1))

    def test_nothing_is_played_but_what_was_typed(self):
        ana, bruno, code = self.table_of_two()
        carla = self.terminal("--watch", code, game=None)
        carla.expect(r"Watching · Ana \(X\) to move > ")
        carla.keys(b"hel")  # half a line, then the news of every move below
        carla.expect(r"hel")

        players = [(ana, "X", "O", "Bruno"), (bruno, "O", "X", "Ana")]
        for ply in range(12):
            mover, mark, other_mark, other_name = players[ply % 2]
            waiter = players[(ply + 1) % 2][0]
            prompt = r"You \(%s\) > " % mark
            move = self.legal_moves(mover, prompt)[-1]
            # Every other pair of moves, the one waiting is half-way through
            # a command when the move arrives; otherwise the line they
            # typed last must not come back.
            typing = ply % 4 < 2
            if typing:
                waiter.keys(b"mov")
                waiter.expect(r"mov")
            mover.send(move)
            played = mover.expect(r"%s: you play (\S+) \(" % mark).group(1)
            self.assertEqual(played, move)
            waiter.expect(r"%s: [A-Za-z]+ plays %s \(" % (mark, re.escape(move)))
            if typing:
                waiter.expect(r"You \(%s\) > mov" % other_mark)
                waiter.send("es")  # completes the interrupted "mov"
                waiter.expect(r"Your moves \(\d+\): ")
                waiter.expect(r"You \(%s\) > " % other_mark)
            carla.expect(r"plays %s \(" % re.escape(move))
        carla.expect(r"Watching · [A-Za-z]+ \([XO]\) to move > hel")
        carla.send("p")
        carla.expect(r"You are watching: the board is shown after every move\.")
        carla.expect(r"Watching · Ana \(X\) to move > ")  # keys typed before a prompt are dropped
        carla.send("quit")
        carla.expect("Bye")
        self.assertEqual(carla.finish(), 0)
        for c in (ana, bruno, carla):
            for wrong in (SEARCH_PROMPT, DOUBLED_PROMPT):
                found = wrong.search(c.out)
                self.assertIsNone(found, found and c.out[found.start() - 300:found.end() + 300])
        self.assertNotIn("Spectators cannot move:", carla.out)


    def test_a_narrow_terminal_breaks_lines_between_words(self):
        c = self.terminal("--mode", "cpu", "--level", "novato", columns=50)
        c.expect(r"You \(X\) > ")
        mark = len(c.out)
        c.send("hello there")
        c.expect(r"You \(X\) > ")
        said = ANSI.sub("", c.out[mark:])
        self.assertRegex(said, r"“hello there” is neither a move nor a\s+cell\.")
        for line in said.split("\r\n"):
            self.assertLessEqual(len(line), 50, line)
        c.send("quit")
        self.assertEqual(c.finish(), 0)


    def test_the_lines_typed_are_recalled_after_a_restart(self):
        home = tempfile.TemporaryDirectory()
        self.addCleanup(home.cleanup)
        first = self.terminal("--mode", "cpu", "--level", "novato", home=home.name)
        first.expect(r"You \(X\) > ")
        first.send("5/5")
        first.expect(r"O: Computer \(Novice\) plays ")
        first.expect(r"You \(X\) > ")
        first.send("moves")
        first.expect(r"Your moves \(\d+\)")
        first.expect(r"You \(X\) > ")
        first.send("quit")
        first.expect("Your game is saved")
        self.assertEqual(first.finish(), 0)
        again = self.terminal(home=home.name)
        again.expect(r"Resume it\? \[Y/n\] ")
        again.send("")
        again.expect(r"You \(X\) > ")
        again.keys(b"\x1b[A\x1b[A")  # Up twice: "quit", then "moves"
        again.send("")
        again.expect(r"Your moves \(\d+\)")
        again.expect(r"You \(X\) > ")  # keys typed before a prompt are dropped
        again.send("quit")
        self.assertEqual(again.finish(), 0)


    def test_the_guide_s_first_steps_work_as_written(self):
        """docs/client.md, from "To run the client against a host you
        started yourself" to a first move against the computer, with every
        menu entry under the number the guide gives it."""
        with open(GUIDE, encoding="utf-8") as f:
            guide = f.read()
        block = re.search(r"To run the client against a host you started yourself:\n\n```sh\n(.*?)```",
                          guide, re.S).group(1)
        host_line, client_line = block.strip().splitlines()
        address = re.search(r"--listen (\S+)", host_line).group(1)
        self.assertEqual(host_line, "build/bin/game-host --listen %s --plugins build/plugins &" % address)
        self.assertEqual(client_line, "build/bin/game-client --host %s" % address)
        menu_section = guide[guide.index("## The menu"):guide.index("## The board")]
        documented = dict(re.findall(r"^(\d+)\. \*\*(.+?)\*\*", menu_section, re.M))

        # The same two programs, on a free port of this machine.
        host = HostProcess(ARGS.host, ARGS.plugins)
        self.addCleanup(host.stop)
        home = tempfile.TemporaryDirectory()
        self.addCleanup(home.cleanup)
        c = ClientProcess(ARGS.client, host.address, home.name, game=None, tty="full", tail=1500)
        self.clients.append(c)
        c.expect(r"Which game\? \(1–2, Enter for (\d)\): ")
        c.send("")  # the guide: Enter picks ultimate tic-tac-toe
        menu = ANSI.sub("", c.expect(r"Ultimate tic-tac-toe: what would you like to do\?\S*\r\n((?:  .*\r\n)+)Your choice: ").group(1))
        shown = re.findall(r"^  (\d+)\. (.+?)\r?$", menu, re.M)
        self.assertGreater(len(shown), 9, repr(menu))
        for number, label in shown:
            if number == "0":
                self.assertEqual(label, "Quit")
                continue
            self.assertIn(number, documented, "menu entry %s. %s is not in the guide" % (number, label))
            self.assertTrue(label.startswith(documented[number]),
                            "menu entry %s is “%s”, the guide says “%s”" % (number, label, documented[number]))
        c.send([n for n, label in documented.items() if label.startswith("Play against the computer")][0])
        c.expect(r"How strong should the computer be\? \(1–3, Enter for 2\): ")
        c.send("")
        c.expect(r"Would you like to open the first game\? \[Y/n\] ")
        c.send("")
        c.expect(r"You \(X\) > ")
        c.send("5/5")
        c.expect(r"X: you play 5/5 \(e5\)\.")
        c.expect(r"O: Computer \(Normal\) plays ")
        c.expect(r"You \(X\) > ")
        c.send("quit")
        c.expect("Your game is saved")
        self.assertEqual(c.finish(), 0)


    def test_a_refused_game_text_is_put_right_in_place(self):
        c = self.terminal(game="tictactoe")
        c.expect(r"Your choice: ")
        c.send("14")  # Replay a game text
        prompt = r"to go back\): "
        c.expect(prompt)
        c.send("tictactoe: 5 5")
        c.expect(r"move 2, “5”, is not a legal move")
        c.expect(prompt + "tictactoe: 5 5")  # the same text, ready to edit
        c.keys(b"\x7f")  # Backspace
        c.send("1")
        c.expect(r"Tic-tac-toe: 2 moves read\.")
        c.expect(r"Replay > ")
        c.send("quit")
        c.expect(r"Your choice: ")
        c.send("0")
        self.assertEqual(c.finish(), 0)


def main():
    global ARGS
    ARGS, rest = test_arguments()
    unittest.main(argv=[sys.argv[0]] + rest)


if __name__ == "__main__":
    main()
