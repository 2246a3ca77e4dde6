#!/usr/bin/python3
"""game-client with no game host: a finished game is replayed, and a game
text is checked and replayed, by the game's plugin loaded into the client
(--plugins), with the same rules and the same refusals as through a host.

A host is started only to play the finished game, and stopped before the
client goes offline; the other tests never start one.

    client_offline_test.py --client build/bin/game-client \
        --host build/bin/game-host --plugins build/plugins
"""
import os
import re
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client_process import ClientProcess, HostProcess, test_arguments  # noqa: E402

ARGS = None

OFFLINE_MENU = (r"No game host answers: what is kept on this device\n  1\. Finished games\n"
                r"  2\. Scoreboard\n  3\. Replay a game text\n  4\. Try the game host again\n"
                r"  0\. Quit\nYour choice: ")
IMPORT_PROMPT = r"\((?:Enter to go back|Intro para volver)\): "
NOBODY = "127.0.0.1:1"  # no host listens there


class Offline(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.TemporaryDirectory()
        self.addCleanup(self.home.cleanup)
        self.clients = []
        self.addCleanup(lambda: [c.close() for c in self.clients])

    def client(self, host, *args, game=None, lang="en"):
        c = ClientProcess(ARGS.client, host, self.home.name, *args, game=game, lang=lang, timeout=60)
        self.clients.append(c)
        return c

    def offline(self, *args, lang="en", plugins=None):
        c = self.client(NOBODY, "--plugins", plugins or ARGS.plugins, *args, lang=lang)
        c.expect(r" 127\.0\.0\.1:1\. ")  # no host answers there, in any language
        return c

    def import_text(self, c, text):
        c.send("3")
        c.expect(IMPORT_PROMPT)
        c.send(text)

    def finish_a_game_on_a_host(self):
        """Ana beats Bruno at tic-tac-toe on a host, which is then stopped;
        returns the stopped host."""
        host = HostProcess(ARGS.host, ARGS.plugins)
        try:
            c = self.client(host.address, "--mode", "two", "--names", "Ana,Bruno", game="tictactoe")
            for typed in ("1", "4", "2", "5", "3"):
                c.expect(r"(Ana \(X\)|Bruno \(O\)) > ")
                c.send(typed)
            c.expect(r"Result: .* Ana wins\.")
            c.send("quit")
            self.assertEqual(c.finish(), 0)
        finally:
            host.stop()
        return host

    def test_a_finished_game_is_replayed_after_its_host_is_gone(self):
        host = self.finish_a_game_on_a_host()
        self.assertIsNotNone(host.proc.poll())

        c = self.client(host.address, "--plugins", ARGS.plugins)
        c.expect(r"No game host answers at %s\." % re.escape(host.address))
        c.expect(OFFLINE_MENU)
        c.send("1")
        c.expect(r"  1\. \d{4}-\d\d-\d\d \d\d:\d\d · Tic-tac-toe · Ana, Bruno, on one screen · Ana won")
        c.send("1")
        c.expect(r"Finished game > ")
        c.send("replay")
        c.expect(r"Replay: position 0 of 5")
        c.expect(r"Next: X 1 \(a1\), by Ana\.")
        c.send("")
        c.expect(r"Replay: position 1 of 5")
        c.expect(r"Next: O 4 \(a2\), by Bruno\.")
        c.send("5")
        c.expect(r"Replay: position 5 of 5")
        c.expect(r"End of the game: .*")
        c.send("q")
        c.expect(r"Finished game > ")
        c.send("export")
        c.expect(r'\n\[Game "tictactoe"\]\n\[Date "\d{4}-\d\d-\d\d"\]\n\[Seat1 "Ana"\]\n'
                 r'\[Seat2 "Bruno"\]\n\[Result "1-0"\]\ntictactoe: 1 4 2 5 3\n')
        # Saved, then read back from the file and pasted a line at a time:
        # the seats are named by the header.
        saved = os.path.join(self.home.name, "kept.txt")
        c.send("save")
        c.expect(r"Enter for .*\): ")
        c.send(saved)
        c.expect(r"The game text is in")
        c.send("")
        c.send("")
        c.expect(OFFLINE_MENU)
        with open(saved, encoding="utf-8") as f:
            text = f.read()
        self.assertRegex(text, r'^\[Game "tictactoe"\]\n(\[[A-Za-z0-9]+ "[^"]*"\]\n){4}tictactoe: 1 4 2 5 3\n$')
        for typed in (saved, text.replace("Ana", 'Ana \\"Zoë\\" 李').splitlines()):
            lines = typed if isinstance(typed, list) else [typed]
            self.import_text(c, lines[0])
            for line in lines[1:]:
                c.expect(r"Next line of the game text: ")
                c.send(line)
            c.expect(r"Tic-tac-toe: 5 moves read\.")
            c.expect(r"Next: X 1 \(a1\), by %s\." % ("Ana" if lines[0] == saved else 'Ana "Zoë" 李'))
            c.send("")
            c.expect(r"Next: O 4 \(a2\), by Bruno\.")
            c.send("q")
            c.expect(OFFLINE_MENU)
        # A malformed tag line is named, and nothing is replayed.
        self.import_text(c, '[Seat1 "Ana]')
        c.expect(r"Next line of the game text: ")
        c.send("tictactoe: 1")
        c.expect(r'That game text cannot be replayed: line 1, “\[Seat1 "Ana\]”, is not a header tag')
        c.expect(IMPORT_PROMPT)
        c.send("")
        c.expect(OFFLINE_MENU)
        c.send("0")
        c.expect("Bye")
        self.assertEqual(c.finish(), 0)

    def test_a_game_text_is_checked_and_replayed_with_no_host_ever(self):
        # Nothing kept on this device yet: the plugins alone are reason
        # enough to offer what works without a host.
        c = self.offline()
        c.expect(OFFLINE_MENU)
        self.import_text(c, "uttt: 5/5 5/1 1/9 9/5 resigned_seat=2")
        c.expect(r"Ultimate tic-tac-toe: 4 moves read\. The replay starts from the first position\.")
        c.expect(r"Replay: position 0 of 4")
        c.expect(r"Next: X 5/5 \(e5\), by Player 1\.")
        c.send("4")
        c.expect(r"Replay: position 4 of 4")
        # The game as it ended: after the resignation.
        last = c.expect(r"(?s)(.*?)End of the game: .*resign").group(1)
        self.assertNotIn("to move", last)
        c.send("q")
        c.expect(OFFLINE_MENU)

        # Refused as a host refuses them, each asked for again.
        for typed, message in (
                ("tictactoe: 1 4 1", r"That game text cannot be replayed: move 3, “1”, is not a legal "
                                     r"move in that position\."),
                ("tictactoe colour=red: 1", r"“colour” is not a setting of Tic-tac-toe\."),
                ("chess: e4", r"No game host answers, and no plugin in %s plays “chess”: the ones "
                              r"there play tictactoe, uttt\." % re.escape(ARGS.plugins.rstrip("/"))),
                ("no-such-file.txt", r"“no-such-file\.txt” is neither a game text")):
            self.import_text(c, typed)
            c.expect(message)
            c.expect(IMPORT_PROMPT)
            c.send("")
            c.expect(OFFLINE_MENU)
        c.send("0")
        c.expect("Bye")
        self.assertEqual(c.finish(), 0)
        # Nothing was kept of the refused texts, nor of the replay.
        self.assertFalse(os.path.exists(c.saved_file()) and c.saved().get("finished"))

    def test_in_spanish_a_game_with_no_plugin_says_why(self):
        c = self.offline(lang="es")
        c.expect(r"3\. Repasar un texto de partida")
        self.import_text(c, "chess: e4")
        c.expect(r"No responde ningún servidor de juegos y ningún plugin de \S+ tiene el juego «chess»")
        c.send("")
        c.send("0")
        self.assertEqual(c.finish(), 0)

    def test_with_no_plugins_and_nothing_kept_the_client_says_how_to_start_a_host(self):
        empty = tempfile.TemporaryDirectory()
        self.addCleanup(empty.cleanup)
        c = self.client(NOBODY, "--plugins", empty.name)
        c.expect(r"No game host answers at 127\.0\.0\.1:1\. Start one with")
        self.assertEqual(c.finish(), 1)
        self.assertNotIn("Your choice", c.out)

    def test_a_plugin_folder_that_cannot_be_read_is_named(self):
        # Something kept, so that the menu is offered; the rules are not.
        host = self.finish_a_game_on_a_host()
        missing = os.path.join(self.home.name, "no-such-folder")
        c = self.offline(plugins=missing)
        c.expect(OFFLINE_MENU)
        c.send("1")
        c.expect(r"Ana won")
        c.send("1")
        c.expect(r"Finished game > ")
        c.send("replay")
        c.expect(r"No game host answers, and the plugin folder %s cannot be read: No such file or "
                 r"directory\. export still shows the game’s text, and save saves it\." % re.escape(missing))
        c.send("export")
        c.expect(r"\ntictactoe: 1 4 2 5 3\n")
        c.send("")
        c.send("")
        c.expect(OFFLINE_MENU)
        self.import_text(c, "tictactoe: 1")
        c.expect(r"the plugin folder %s cannot be read" % re.escape(missing))
        c.send("")
        c.send("0")
        self.assertEqual(c.finish(), 0)


if __name__ == "__main__":
    ARGS, rest = test_arguments()
    unittest.main(argv=[sys.argv[0]] + rest)
