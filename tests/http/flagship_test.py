"""game-host --flagship: the club's flagship game is listed first, by the
JSON API's ListGames (the browser's lobby) and on the rules index; without
it, games come in the order of their plugins' file names. An id no plugin
has stops the host with exit code 2 and a line that names the games.

Usage: flagship_test.py GAME_HOST PLUGIN_DIR
"""
import http.client
import json
import re
import subprocess
import sys
import unittest

import http_host

GAME_HOST, PLUGINS = sys.argv[1], sys.argv[2]


def listed(port):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("POST", "/api/boardgame.v1.GameService/ListGames", body=b"{}",
                 headers={"Content-Type": "application/json"})
    games = [g["id"] for g in json.loads(conn.getresponse().read())["games"]]
    conn.request("GET", "/rules?lang=en")
    index = re.findall(r'href="/rules/([a-z_]+)/en"', conn.getresponse().read().decode())
    conn.close()
    return games, index


class Flagship(unittest.TestCase):
    def order(self, args):
        host, port = http_host.start(GAME_HOST, PLUGINS, args=args)
        try:
            return listed(port)
        finally:
            http_host.stop(host)

    def test_the_flagship_comes_first_in_the_lobby_and_on_the_rules_index(self):
        self.assertEqual(self.order([]), (["tictactoe", "uttt"], ["tictactoe", "uttt"]))
        self.assertEqual(self.order(["--flagship", "uttt"]), (["uttt", "tictactoe"],
                                                             ["uttt", "tictactoe"]))

    def test_a_flagship_no_plugin_has_stops_the_host(self):
        done = subprocess.run([GAME_HOST, "--listen", "127.0.0.1:0", "--plugins", PLUGINS,
                               "--store", "memory", "--flagship", "chess"],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("--flagship chess: no game of %s has that id (it serves: tictactoe, uttt)"
                      % PLUGINS, done.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
