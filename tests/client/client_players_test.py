#!/usr/bin/python3
"""game-client and the club's players: Play now, ratings, standings, moving
a player to another device, against a real game-host.

Starts game-host with an in-memory store and drives several game-client
processes, each with its own data directory (its own device): two of them
press Play now on tic-tac-toe, land at the same rated table, play a game to
the end through their prompts and both print each player's rating change;
then the standings and a player's page (its rating, its sparkline, the
game's replay); a seek taken from the lobby's list; a player moved to
another device with a transfer code, after which the first device is
refused; and refusals in the player's language.

    client_players_test.py --client build/bin/game-client \
        --host build/bin/game-host --plugins build/plugins
"""
import json
import os
import re
import socket
import sys
import tempfile
import unittest
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client_process import ClientProcess, HostProcess, test_arguments  # noqa: E402

ARGS = None

STOP_PROMPT = r"Press Enter to stop looking: "
TRANSFER_CODE = r"Your transfer code: ([A-Z2-9]{4}-[A-Z2-9]{4})\n"
# A player's prompt on their turn, by language and side.
TURN = {"en": r"You \(%s\) > ", "es": r"Tú \(%s\) > "}
RATING_WORD = {"en": "rating", "es": "puntuación"}
# X takes the top row while O answers in the middle one: X wins at move 5,
# each side having moved at least twice, so the game is rated.
MOVES = ["a1", "a2", "b1", "b2", "c1"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Players(unittest.TestCase):

    def setUp(self):
        self.dirs = []
        self.clients = []
        self.homes = {}
        # The JSON API too: a seat taken the old way, with a device id.
        self.http = "127.0.0.1:%d" % free_port()
        self.host = HostProcess(ARGS.host, ARGS.plugins,
                                flags=["--grace-ms", "1500", "--cpu-ms", "50", "--stand-in-ms", "50",
                                       "--http", self.http])
        # The HTTP side says so once it listens.
        line = "-"
        while line and "JSON API on" not in line:
            line = self.host.proc.stdout.readline()
        self.assertTrue(line, "game-host stopped before serving HTTP")

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

    def client(self, who, *args, lang="en", game="tictactoe"):
        c = ClientProcess(ARGS.client, self.host.address, self.home(who), *args, lang=lang, game=game)
        self.clients.append(c)
        return c

    def table_call(self, method, body):
        request = urllib.request.Request("http://%s/api/boardgame.v1.TableService/%s" % (self.http, method),
                                         data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.load(answer)

    def assert_no_secret_printed(self, *devices):
        for c in devices:
            for player in c.saved().get("players", []):
                for other in self.clients:
                    self.assertNotIn(player["secret"], other.out)

    def play_now_pair(self, first_args, second_args, langs=("en", "en")):
        """Two clients that press Play now one after the other; the second
        finds the first at once. Returns them as (X, O) with their
        languages."""
        ana = self.client("ana", "--play-now", *first_args, lang=langs[0])
        ana.expect(r"Looking for an opponent with the same settings…")
        ana.expect(STOP_PROMPT)
        bruno = self.client("bruno", "--play-now", "tictactoe", *second_args, lang=langs[1], game=None)
        ana.expect(r"Opponent found: Bruno\. The game starts now\.")
        ana.expect(r"You sit in seat (1|2) at this table of Tic-tac-toe\.")
        return ana, bruno

    # --- Play now, a rated game to the end, ratings and standings ---

    def test_play_now_a_rated_game_then_standings_and_ratings(self):
        ana, bruno = self.play_now_pair(["--name", "Ana"], ["--name", "Bruno"], langs=("en", "es"))
        bruno.expect(r"Ya tienes rival: Ana\. La partida empieza ahora\.")
        bruno.expect(r"Te has sentado en el asiento (1|2) de esta mesa de ")
        ana.expect(r"Rated table: every result is recorded\.")
        opener = ana.expect(r"(You open|Bruno opens) with X\.").group(1)
        x, o = (ana, bruno) if opener == "You open" else (bruno, ana)
        lang = {ana: "en", bruno: "es"}

        # The game, through each client's own prompt.
        for number, cell in enumerate(MOVES):
            mover, side = (x, "X") if number % 2 == 0 else (o, "O")
            mover.expect(TURN[lang[mover]] % side)
            mover.send(cell)

        # The end: each client shows both players' rating changes, the
        # winner's up, the loser's down.
        winner_name = "Ana" if x is ana else "Bruno"
        for c in (ana, bruno):
            word = RATING_WORD[lang[c]]
            lines = c.expect(r"(\w+): %s 1500 → (\d+) \(([+-]\d+)\)\n(\w+): %s 1500 → (\d+) \(([+-]\d+)\)\n"
                             % (word, word))
            changes = {lines.group(1): (int(lines.group(2)), int(lines.group(3))),
                       lines.group(4): (int(lines.group(5)), int(lines.group(6)))}
            self.assertEqual(sorted(changes), ["Ana", "Bruno"])
            for name, (after, change) in changes.items():
                self.assertEqual(after - 1500, change)
                self.assertGreater(change, 0) if name == winner_name else self.assertLess(change, 0)
        ana.expect(r"What next\? > ")
        ana.send("quit")
        self.assertEqual(ana.finish(), 0)
        bruno.send("salir")
        self.assertEqual(bruno.finish(), 0)

        # Each device keeps its player (format 3), never printed.
        for c, name in ((ana, "Ana"), (bruno, "Bruno")):
            saved = c.saved()
            self.assertEqual(saved["format"], 3)
            self.assertEqual([(p["host"], p["name"]) for p in saved["players"]], [(self.host.address, name)])
        self.assert_no_secret_printed(ana, bruno)

        # The standings: nobody is ranked yet after one game, and the client
        # says who is left out while provisional.
        standings = self.client("ana", "--standings", "tictactoe", game=None)
        standings.expect(r"Best players of Tic-tac-toe")
        standings.expect(r"Only settled ratings are listed")
        standings.expect(r"Nobody has a settled rating in this game yet\.")
        left_out = standings.expect(r"Left out while their ratings are provisional: ([^\n]*(?:\n  [^\n]*)*)\.\n")
        listed = " ".join(left_out.group(1).split())
        self.assertRegex(listed, r"Ana \(you\) \d+")
        self.assertRegex(listed, r"Bruno \d+")
        self.assertEqual(standings.finish(), 0)

        # Ana's page: her rating, its sparkline, the game; it opens its replay.
        page = self.client("ana", "--player", game=None)
        page.expect(r"Ana \(you\): ratings and rated games")
        page.expect(r"Tic-tac-toe\n  Rating: \d+ \(provisional: too few rated games yet\)")
        page.expect(r"1 rated game: [01] won, 0 drawn, [01] lost")
        chart = page.expect(r"Game after game: ([▁▂▃▄▅▆▇█]+) \(from 1500 to (\d+)\)")
        self.assertEqual(len(chart.group(1)), 2)
        self.assertIn(chart.group(1), ("▁█", "█▁"))
        page.expect(r"Latest rated games, newest first")
        page.expect(r"  1\. .* · Tic-tac-toe · (won against|lost to) Bruno · rating 1500 → \d+\s+\([+-]\d+\)")
        page.expect(r"Type a game’s number to open it, or press Enter to go back: ")
        page.send("1")
        page.expect(r"Finished game > ")
        page.send("replay")
        page.expect(r"Replay: position 0 of 5")
        page.expect(r"Replay > ")
        page.send("quit")
        page.expect(r"Finished game > ")
        page.send("")
        page.expect(r"press Enter to go back: ")
        page.send("")
        self.assertEqual(page.finish(), 0)

        # Anyone's page, by id: Bruno's, seen from Ana's device.
        bruno_id = bruno.saved()["players"][0]["player_id"]
        other = self.client("ana", "--player", bruno_id, game=None)
        other.expect(r"\nBruno: ratings and rated games")
        other.expect(r"(won against|lost to) Ana")
        other.send("")
        self.assertEqual(other.finish(), 0)

    # --- The lobby's open seeks ---

    def test_players_waiting_lists_a_seek_and_takes_it(self):
        carl = self.client("carl", "--play-now", "--casual", "--name", "Carl")
        carl.expect(STOP_PROMPT)
        dora = self.client("dora", "--name", "Dora")
        menu = dora.expect(r"what would you like to do\?\n((?:  .*\n)+)Your choice: ").group(1)
        # The new entries come last, with numbers of their own; moving a
        # player out needs one first.
        for number, label in ((16, "Play now: an opponent online, at once"),
                              (17, "Players waiting for an opponent"),
                              (18, "Standings"),
                              (19, "Your ratings and rated games"),
                              (21, "Use a code from another device")):
            self.assertIn("  %d. %s\n" % (number, label), menu)
        self.assertNotIn("  20. ", menu)
        dora.send("17")
        dora.expect(r"Players waiting for an opponent in Tic-tac-toe\n")
        dora.expect(r"1 player online now · 1 looking for an opponent\n")
        dora.expect(r"  1\. Carl \(1500\?\) · casual · no clock\n")
        dora.expect(r"Number of the player to play against \(Enter to go back\): ")
        dora.send("1")
        dora.expect(r"Opponent found: Carl\. The game starts now\.")
        dora.expect(r"You sit in seat (1|2) at this table of Tic-tac-toe\.")
        carl.expect(r"Opponent found: Dora\. The game starts now\.")
        for c in (carl, dora):
            c.expect(r"X: (Carl|Dora)")
            c.expect(r" > ")
        self.assertNotIn("Rated table", carl.out + dora.out)
        for c in (carl, dora):
            c.send("quit")
            self.assertEqual(c.finish(), 0)

        # A seek that ends before it is taken: said, and the list again.
        # Each device's player is kept: nobody is asked their name again.
        carl = self.client("carl", "--play-now", "--casual")
        carl.expect(STOP_PROMPT)
        dora = self.client("dora")
        dora.expect(r"You hold seat (1|2) at a table of Tic-tac-toe .* Return to it\? \[Y/n\] ")
        dora.send("n")
        dora.expect("Your choice: ")
        dora.send("17")
        dora.expect(r"  1\. Carl \(1500\?\) · casual · no clock\n")
        dora.expect(r"\(Enter to go back\): ")
        carl.send("")
        carl.expect(r"You stopped looking: no game was started\.")
        carl.expect("Your choice: ")
        dora.send("1")
        dora.expect(r"That player is no longer waiting: someone else was quicker\.")
        dora.expect(r"Nobody is waiting right now")
        dora.expect("Your choice: ")
        for c in (carl, dora):
            c.send("0")
            self.assertEqual(c.finish(), 0)
        self.assertNotIn("Your name at the table", carl.out + dora.out)

    # --- Moving a player to another device ---

    def test_transfer_moves_the_player_and_the_first_device_is_refused(self):
        eva = self.client("eva", "--create", "--name", "Eva")
        table = eva.expect(r"Invite code: ([A-Z0-9]{6})\n").group(1)
        eva.expect(r"Waiting for players > ")
        eva.send("quit")
        self.assertEqual(eva.finish(), 0)
        before = eva.saved()["players"][0]

        out = self.client("eva", "--transfer-out", game=None)
        code = out.expect(TRANSFER_CODE).group(1)
        out.expect(r"Type this code on the other device within 10 minutes\.")
        out.expect(r"On the other device, run:\n  .* --transfer-in %s --host %s\n" % (code, re.escape(self.host.address)))
        self.assertEqual(out.finish(), 0)
        self.assertTrue(out.saved()["players"][0]["moving_out"])

        phone = self.client("phone", "--transfer-in", code.lower().replace("-", " "), game=None)
        phone.expect(r"You now play on this device as Eva\.")
        self.assertEqual(phone.finish(), 0)
        moved = phone.saved()["players"][0]
        self.assertEqual((moved["player_id"], moved["name"]), (before["player_id"], "Eva"))
        self.assertNotEqual(moved["secret"], before["secret"])

        # The first device no longer plays as Eva, and says why.
        again = self.client("eva", "--transfer-out", game=None)
        again.expect(r"This device no longer holds your player: it was moved to another device\.")
        self.assertEqual(again.finish(), 1)
        self.assertNotIn("players", again.saved())

        # The code worked once.
        twice = self.client("phone", "--transfer-in", code, game=None)
        twice.expect(r"That code does not work: it is wrong, already used, or more than 10 minutes old\.")
        self.assertEqual(twice.finish(), 1)

        # The new device holds the player: its page, and its seat at the
        # table the first device opened.
        page = self.client("phone", "--player", game=None)
        page.expect(r"Eva \(you\): ratings and rated games\nNo rated games yet\.")
        self.assertEqual(page.finish(), 0)
        seat = self.client("phone", "--join", table, game=None)
        seat.expect(r"You sit in seat 1 at this table of Tic-tac-toe\.")
        seat.expect(r"Seat 1: Eva \(you\)")
        seat.send("quit")
        self.assertEqual(seat.finish(), 0)
        self.assert_no_secret_printed(eva, phone)

    def test_a_seat_taken_with_the_device_id_still_comes_back(self):
        # An older client sat down with this device's id, and kept the seat
        # in a file of format 2.
        device = "olddevice_0123456789-abc"
        made = self.table_call("CreateTable", {
            "gameId": "tictactoe", "seats": [{"kind": "PERSON"}, {"kind": "PERSON"}],
            "player": {"name": "Ana", "deviceId": device}})
        table = made["table"]
        folder = os.path.join(self.home("ana"), "club-games")
        os.makedirs(folder)
        with open(os.path.join(folder, "game-client.json"), "w") as f:
            json.dump({"format": 2, "device_id": device, "player_name": "Ana", "online_seats": [{
                "host": self.host.address, "table_id": table["tableId"], "invite_code": table["inviteCode"],
                "game_id": "tictactoe", "seat": 1, "token": made["ticket"]["token"]}]}, f)

        # The device gets a player (a table of its own)...
        ana = self.client("ana", "--create", "--name", "Ana")
        ana.expect(r"Waiting for players > ")
        ana.send("quit")
        self.assertEqual(ana.finish(), 0)
        saved = ana.saved()
        self.assertEqual((saved["format"], saved["device_id"], len(saved["players"])), (3, device, 1))
        # ...and the old seat, which is not the player's, is the device's.
        back = self.client("ana", "--join", table["inviteCode"], game=None)
        back.expect(r"You are back at your table of Tic-tac-toe, in seat 1\.")
        back.expect(r"Seat 1: Ana \(you\)  ·  Seat 2: free seat")
        back.send("quit")
        self.assertEqual(back.finish(), 0)

    # --- Refusals, in the player's language ---

    def test_refusals_are_said_in_the_players_language(self):
        short = self.client("x", "--transfer-in", "ABC", lang="es", game=None)
        short.expect(r"Un código de traspaso tiene ocho letras y cifras, como K7MQ-4XWD\.")
        self.assertEqual(short.finish(), 1)
        wrong = self.client("x", "--transfer-in", "ABCD-EFGH", lang="de", game=None)
        wrong.expect(r"Dieser Code funktioniert nicht: Er ist falsch, schon benutzt oder älter als 10 Minuten\.")
        self.assertEqual(wrong.finish(), 1)
        nobody = self.client("x", "--player", "AAAAAAAAAAAAAAAA", lang="pt", game=None)
        nobody.expect(r"Esse jogador não existe\.")
        self.assertEqual(nobody.finish(), 1)
        none = self.client("x", "--transfer-out", game=None)
        none.expect(r"This device has no player on this game host yet\.")
        self.assertEqual(none.finish(), 1)

        # A name the host refuses: said in Portuguese, then asked again.
        rita = self.client("rita", "--play-now", "--name", "Computer", lang="pt")
        rita.expect(r"Um nome tem de 1 a 32 caracteres, sem caracteres de controlo nem invisíveis, "
                    r"e não pode parecer o nome do computador\.")
        rita.expect(r"O teu nome na mesa \(Enter para voltar\): ")
        rita.send("Rita")
        rita.expect(r"À procura de adversário com as mesmas definições…")
        rita.expect(r"Carrega em Enter para deixar de procurar: ")
        rita.send("")
        rita.expect(r"Deixaste de procurar: nenhuma partida começou\.")
        rita.expect(r"A tua escolha: ")
        rita.send("0")
        self.assertEqual(rita.finish(), 0)
        self.assertEqual(rita.saved()["players"][0]["name"], "Rita")


class RestartedHost(unittest.TestCase):
    """The host goes away while a client seeks: the seek goes with it, and
    the client seeks again once a host answers; a new host that does not
    know the player gets a new one, with the same name."""

    def test_a_seek_outlives_host_restarts(self):
        state = tempfile.TemporaryDirectory()
        homes = [tempfile.TemporaryDirectory() for _ in range(2)]
        port = free_port()
        store = "sqlite:" + os.path.join(state.name, "club.db")
        start = lambda store: HostProcess(ARGS.host, ARGS.plugins, port=port, store=store)  # noqa: E731
        host = start(store)
        clients = []
        try:
            ana = ClientProcess(ARGS.client, host.address, homes[0].name, "--play-now", "--name", "Ana",
                                game="tictactoe")
            clients.append(ana)
            ana.expect(STOP_PROMPT)
            lost = (r"The connection to the game host at 127\.0\.0\.1:%d was lost, and your search with it: "
                    r"looking again as soon as the host answers…" % port)

            # The same host, its players kept: the same player seeks again.
            host.stop()
            ana.expect(lost)
            host = start(store)
            ana.expect(r"The game host answers again: still looking for an opponent\.")
            first = ana.saved()["players"][0]["player_id"]

            # A new host, which knows no players: a new one, named the same.
            host.stop()
            ana.expect(lost)
            host = start("memory")
            ana.expect(r"The game host at 127\.0\.0\.1:%d no longer knew your player: "
                       r"you play as a new player from now on\." % port)
            ana.expect(r"Looking for an opponent with the same settings…")
            bruno = ClientProcess(ARGS.client, host.address, homes[1].name, "--play-now", "--name", "Bruno",
                                  game="tictactoe")
            clients.append(bruno)
            ana.expect(r"Opponent found: Bruno\. The game starts now\.")
            bruno.expect(r"Opponent found: Ana\. The game starts now\.")
            players = ana.saved()["players"]
            self.assertEqual([p["name"] for p in players], ["Ana"])
            self.assertNotEqual(players[0]["player_id"], first)
            for c in (ana, bruno):
                c.expect(r" > ")
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
