"""Starts the real game-host with --http and fetches rule pages over HTTP.

Usage: rules_http_test.py GAME_HOST PLUGIN_DIR
"""
import http.client
import json
import socket
import sys
import tempfile
import time
import unittest

import http_host

GAME_HOST, PLUGINS = sys.argv[1], sys.argv[2]

# Room for the held connections, here and in the game-host started below.
HELD_CONNECTIONS = max(100, min(1000, http_host.raise_file_limit() - 200))


class RulesOverHttp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # A copy with no browser client beside it, so that / leads to /rules
        # even once build/web holds one (web_files_test.py tests the client).
        cls.folder = tempfile.TemporaryDirectory()
        cls.host, cls.port = http_host.start(
            http_host.copy_without_client(GAME_HOST, cls.folder.name), PLUGINS)

    @classmethod
    def tearDownClass(cls):
        http_host.stop(cls.host)
        cls.folder.cleanup()

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

    def test_a_games_words_alone_for_clients(self):
        response, body = self.get("/rules/uttt/es-MX?format=strings")
        self.assertEqual(response.status, 200)
        self.assertEqual(response.getheader("Content-Type"), "application/json")
        self.assertEqual(response.getheader("Content-Language"), "es")
        words = json.loads(body)
        self.assertEqual(words["locale"], "es")
        self.assertEqual(words["strings"]["setting.time_per_turn.name"], "Tiempo por turno")
        # The words, not the pages: a small part of the document.
        _, page = self.get("/rules/uttt/es")
        self.assertLess(len(body), len(page) / 4)
        self.assertNotIn("<", body)

    def test_a_page_not_changed_is_not_sent_again(self):
        for path in ["/rules/uttt/es", "/rules/uttt/es?format=strings", "/rules?lang=de"]:
            response, body = self.get(path)
            etag = response.getheader("ETag")
            self.assertRegex(etag, r'^"[0-9a-f]{16}"$', path)
            self.assertEqual(response.getheader("Cache-Control"), "no-cache", path)
            response, body = self.get(path, {"If-None-Match": etag})
            self.assertEqual((response.status, body), (304, ""), path)
            response, body = self.get(path, {"If-None-Match": '"0000000000000000"'})
            self.assertEqual(response.status, 200, path)
        # Another language is another page, with its own tag.
        self.assertNotEqual(self.get("/rules/uttt/de")[0].getheader("ETag"),
                            self.get("/rules/uttt/es")[0].getheader("ETag"))

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

    def test_every_answer_is_locked_down(self):
        for path in ["/rules/uttt/es", "/rules", "/nowhere", "/rules/uttt/es?lang=de"]:
            response, _ = self.get(path)
            csp = response.getheader("Content-Security-Policy") or ""
            self.assertIn("default-src 'none'", csp, path)
            self.assertNotIn("script-src", csp, path)  # so no script runs at all
            self.assertIn("frame-ancestors 'none'", csp, path)
            self.assertEqual(response.getheader("X-Content-Type-Options"), "nosniff", path)
            self.assertEqual(response.getheader("Referrer-Policy"), "no-referrer", path)

    def test_head_and_other_methods(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("HEAD", "/rules/uttt/de")
        response = conn.getresponse()
        self.assertEqual(response.status, 200)
        self.assertEqual(response.getheader("Content-Language"), "de")
        self.assertGreater(int(response.getheader("Content-Length")), 1000)
        self.assertEqual(response.read(), b"")
        # The same connection carries on (keep-alive).
        conn.request("POST", "/rules/uttt/de", body=b"x=1")
        response = conn.getresponse()
        self.assertEqual(response.status, 405)
        self.assertEqual(response.getheader("Allow"), "GET, HEAD")
        self.assertIn("only GET and HEAD", response.read().decode())
        conn.request("GET", "/rules/uttt/es")
        self.assertEqual(conn.getresponse().status, 200)
        conn.close()

    def test_an_oversized_body_is_refused(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("POST", "/rules", body=b"x" * (200 * 1024))
        response = conn.getresponse()
        self.assertEqual(response.status, 413)
        self.assertIn("longer than 65536 bytes", response.read().decode())
        conn.close()

    def test_oversized_headers_are_refused(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("GET", "/rules/uttt/es", headers={"X-Filler": "x" * 40000})
        response = conn.getresponse()
        self.assertEqual(response.status, 431)
        self.assertIn("longer than 32768 bytes", response.read().decode())
        conn.close()

    def test_broken_escapes_are_refused(self):
        for path, message in [("/rules/uttt%zz/es", "the path has a broken %-escape"),
                              ("/rules/uttt?lang=%e", "the query has a broken %-escape")]:
            response, body = self.get(path)
            self.assertEqual(response.status, 400, path)
            self.assertIn(message, body, path)

    def test_garbage_is_refused_and_the_server_goes_on(self):
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as s:
            s.sendall(b"HELLO THERE\r\n\r\n")
            answer = s.recv(4096).decode("utf-8", "replace")
        self.assertTrue(answer.startswith("HTTP/1.1 400"), answer[:80])
        response, body = self.get("/rules/uttt/es")
        self.assertEqual(response.status, 200, body[:200])

    def test_many_open_connections_hold_no_thread_each(self):
        threads_before = self.host_threads()
        held = []
        try:
            for _ in range(HELD_CONNECTIONS):
                s = socket.create_connection(("127.0.0.1", self.port), timeout=10)
                s.sendall(b"GET /rules/uttt/es HTTP/1.1\r\n")  # and never the rest
                held.append(s)
            time.sleep(0.5)
            response, body = self.get("/rules/tictactoe/de")
            self.assertEqual(response.status, 200, body[:200])
            self.assertLessEqual(self.host_threads(), threads_before + 2)
        finally:
            for s in held:
                s.close()

    def host_threads(self):
        with open("/proc/%d/status" % self.host.pid) as status:
            for line in status:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
        raise AssertionError("no thread count for game-host")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
