"""Starts the real game-host with --http and fetches rule pages over HTTP.

Usage: rules_http_test.py GAME_HOST PLUGIN_DIR
"""
import http.client
import subprocess
import sys
import unittest

GAME_HOST, PLUGINS = sys.argv[1], sys.argv[2]


class RulesOverHttp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.host = subprocess.Popen(
            [GAME_HOST, "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0", "--plugins", PLUGINS,
             "--store", "memory"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        cls.port = None
        for line in cls.host.stdout:
            if line.startswith("rules pages on http://"):
                cls.port = int(line.split("http://127.0.0.1:")[1].split("/")[0])
                break
        assert cls.port, "game-host did not announce its HTTP port"

    @classmethod
    def tearDownClass(cls):
        cls.host.terminate()
        cls.host.wait(timeout=10)

    def get(self, path, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        body = response.read().decode("utf-8", "replace")
        conn.close()
        return response, body

    def assert_page(self, path, lang, headers=None):
        response, body = self.get(path, headers)
        self.assertEqual(response.status, 200, body[:200])
        self.assertEqual(response.getheader("Content-Type"), "text/html; charset=utf-8")
        self.assertEqual(response.getheader("Content-Language"), lang)
        self.assertIn('<html lang="%s">' % lang, body)
        # The settings table and the local-rule table are real tables.
        self.assertGreaterEqual(body.count("<table>"), 2)
        self.assertIn('id="setting-alternate_first_turn"', body)
        self.assertIn('id="setting-time_per_turn"', body)
        return body

    def test_each_language_in_the_path(self):
        es = self.assert_page("/rules/uttt/es", "es")
        self.assertIn("Meta tres en raya", es)
        pt = self.assert_page("/rules/uttt/pt", "pt")
        self.assertIn("galo", pt)
        de = self.assert_page("/rules/uttt/de", "de")
        self.assertIn("Meta-Tic-Tac-Toe", de)

    def test_language_as_a_query_parameter(self):
        self.assert_page("/rules/uttt?lang=pt", "pt")

    def test_regional_tags_fall_back_to_the_language(self):
        self.assert_page("/rules/uttt/es-MX", "es")
        self.assert_page("/rules/uttt/pt-BR", "pt")
        self.assert_page("/rules/uttt/de-AT", "de")
        self.assert_page("/rules/uttt/fr", "en")

    def test_accept_language_is_honoured(self):
        self.assert_page("/rules/uttt", "de", {"Accept-Language": "fr-FR, de;q=0.8, es;q=0.5"})
        self.assert_page("/rules/uttt", "en", {"Accept-Language": "fr, it;q=0.5"})
        self.assert_page("/rules/uttt", "en")

    def test_markdown(self):
        response, body = self.get("/rules/uttt/es?format=md")
        self.assertEqual(response.status, 200)
        self.assertEqual(response.getheader("Content-Type"), "text/markdown; charset=utf-8")
        self.assertIn("# Meta tres en raya", body)

    def test_second_game(self):
        self.assert_page("/rules/tictactoe/es", "es")

    def test_index_lists_every_game_in_the_negotiated_language(self):
        for path in ["/rules", "/rules/"]:
            response, body = self.get(path, {"Accept-Language": "de-AT, en;q=0.5"})
            self.assertEqual(response.status, 200, body[:200])
            self.assertEqual(response.getheader("Content-Language"), "de")
            self.assertIn('<html lang="de">', body)
            self.assertIn('href="/rules/uttt/de"', body)
            self.assertIn('href="/rules/tictactoe/de"', body)
            self.assertIn("Meta-Tic-Tac-Toe", body)
        response, body = self.get("/rules?lang=es")
        self.assertIn('href="/rules/uttt/es"', body)
        self.assertIn("Meta tres en raya", body)
        self.assertNotIn("<h1>Rules</h1>", body)  # the club's own heading, in Spanish

    def test_root_leads_to_the_index(self):
        response, _ = self.get("/")
        self.assertEqual(response.status, 302)
        self.assertEqual(response.getheader("Location"), "/rules")
        response, _ = self.get("/?lang=pt")
        self.assertEqual(response.getheader("Location"), "/rules?lang=pt")

    def test_a_trailing_slash_is_accepted(self):
        self.assert_page("/rules/uttt/es/", "es")
        self.assert_page("/rules/tictactoe/", "en")

    def test_a_bad_language_tag_is_named(self):
        for path in ["/rules/uttt/en_US", "/rules?lang=en_US", "/rules/uttt?lang=en_US"]:
            response, body = self.get(path)
            self.assertEqual(response.status, 400, path)
            self.assertIn("'en_US'", body, path)

    def test_bad_requests(self):
        for path, status in [
            ("/rules/chess/es", 404),
            ("/rules/uttt/not_a_tag!", 400),
            ("/rules/uttt?lang=", 200),
            ("/rules/uttt/es?lang=de", 400),
            ("/rules/uttt/es?format=pdf", 400),
            ("/etc/passwd", 404),
        ]:
            response, body = self.get(path)
            self.assertEqual(response.status, status, path + " -> " + body[:200])
        # Path tricks never reach a file or a plugin: refused either way.
        for path in ["/rules/..%2F..%2Fetc%2Fpasswd", "/rules/uttt/..%2F..%2Fetc",
                     "/rules/%2e%2e/es", "/rules/uttt/%2e%2e%2fen", "/rules/uttt%00/es"]:
            response, body = self.get(path)
            self.assertIn(response.status, (400, 404), path + " -> " + body[:200])
        response, _ = self.get("/rules/uttt", {"Accept-Language": "de;q=2"})
        self.assertEqual(response.status, 400)
        response, _ = self.get("/rules/uttt/" + "a" * 20000)
        self.assertIn(response.status, (400, 414))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
