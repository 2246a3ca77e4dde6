"""Starts the real game-host with --http and --web and fetches the browser
client's files over HTTP.

Usage: web_files_test.py GAME_HOST PLUGIN_DIR
"""
import gzip
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

import http_host

GAME_HOST, PLUGINS = sys.argv[1], sys.argv[2]

WEB_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
              "img-src 'self' data:; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
              "frame-ancestors 'none'")

INDEX = (b'<!doctype html><html lang="en"><head><link rel="stylesheet" href="app.css">'
         b'<script src="app.js" defer></script></head><body></body></html>\n')

ASSET = "assets/main-3F7KQ2ZD.js"
ASSET_BYTES = b"document.title = 'club';\n" * 20

# What a client's build holds, and what it must not serve.
FILES = {
    "index.html": INDEX,
    "app.js": b"document.body.textContent = 'hola';\n",
    "app.js.map": b'{"version": 3}\n',
    "app.css": b"body { margin: 0; }\n",
    "strings/es.json": '{"hello": "\u00a1Hola!"}\n'.encode("utf-8"),
    "icons/icon.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    "icons/Logo.PNG": b"\x89PNG\r\n\x1a\n",
    "fonts/club.woff2": b"wOF2",
    "manifest.webmanifest": b'{"name": "Club"}\n',
    "robots.txt": b"User-agent: *\n",
    ".env": b"SECRET=1\n",
    ".cache/app.js": b"stale\n",
    "tool.exe": b"MZ\x90\x00",
    # A hashed asset with the build's brotli and gzip copies (the host does
    # not decode them: the brotli bytes need not be real), and a copy whose
    # file is gone.
    ASSET: ASSET_BYTES,
    ASSET + ".br": b"brotli bytes",
    ASSET + ".gz": gzip.compress(ASSET_BYTES),
    "assets/old-AAAAAAAA.js.br": b"stale brotli",
}
TYPES = {
    "/play/": "text/html; charset=utf-8",
    "/play/index.html": "text/html; charset=utf-8",
    "/play/app.js": "text/javascript; charset=utf-8",
    "/play/app.css": "text/css; charset=utf-8",
    "/play/strings/es.json": "application/json",
    "/play/app.js.map": "application/json",
    "/play/icons/icon.svg": "image/svg+xml",
    "/play/icons/Logo.PNG": "image/png",
    "/play/fonts/club.woff2": "font/woff2",
    "/play/manifest.webmanifest": "application/manifest+json",
    "/play/robots.txt": "text/plain; charset=utf-8",
}


def write_client(folder, files):
    for name, data in files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)


def request(port, method, path, headers=None, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response, body


def run_host(game_host, args):
    """Runs a game-host that is expected to refuse to start."""
    return subprocess.run(
        [game_host, "--listen", "127.0.0.1:0", "--plugins", PLUGINS, "--store", "memory"] + args,
        capture_output=True, text=True, timeout=60)


class WebFilesOverHttp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.web = os.path.join(cls.folder.name, "web")
        write_client(cls.web, FILES)
        # Beside the folder, where a path that climbs out would land.
        write_client(cls.folder.name, {"secret.txt": b"not for the web\n"})
        # A big file of a type not served counts for nothing (sparse: no disk).
        with open(os.path.join(cls.web, "video.mp4"), "wb") as f:
            f.truncate(40 << 20)
        cls.host, cls.port = http_host.start(GAME_HOST, PLUGINS, "web client on http://",
                                             ["--web", cls.web])

    @classmethod
    def tearDownClass(cls):
        http_host.stop(cls.host)
        cls.folder.cleanup()

    def get(self, path, headers=None):
        return request(self.port, "GET", path, headers)

    def test_the_index_at_play_and_by_name(self):
        for path in ["/play/", "/play/index.html", "/play/?from=home"]:
            response, body = self.get(path)
            self.assertEqual(response.status, 200, path)
            self.assertEqual(body, INDEX, path)
        self.assertRegex(http_host.log_so_far(self.host),
                         r"browser client from %s \(11 files\)" % re.escape(self.web))

    def test_every_file_has_its_type(self):
        for path, content_type in TYPES.items():
            response, body = self.get(path)
            self.assertEqual(response.status, 200, path)
            self.assertEqual(response.getheader("Content-Type"), content_type, path)
            name = path[len("/play/"):] or "index.html"
            self.assertEqual(body, FILES[name], path)

    def test_a_web_file_and_a_rules_page_have_their_own_policies(self):
        for path in TYPES:
            response, _ = self.get(path)
            self.assertEqual(response.getheader("Content-Security-Policy"), WEB_POLICY, path)
            self.assertEqual(response.getheader("X-Content-Type-Options"), "nosniff", path)
            self.assertEqual(response.getheader("Referrer-Policy"), "no-referrer", path)
        for path in ["/rules/uttt/es", "/rules", "/play/nothing.js", "/play"]:
            response, _ = self.get(path)
            csp = response.getheader("Content-Security-Policy")
            self.assertIn("default-src 'none'", csp, path)
            self.assertNotIn("script-src", csp, path)  # no script at all
            self.assertIn("frame-ancestors 'none'", csp, path)

    def test_an_unchanged_file_is_not_sent_again(self):
        response, _ = self.get("/play/app.js")
        etag = response.getheader("ETag")
        self.assertRegex(etag, r'^"[0-9a-f]{16}"$')  # strong: no W/
        self.assertEqual(response.getheader("Cache-Control"), "no-cache")
        self.assertEqual(self.get("/play/app.js")[0].getheader("ETag"), etag)
        self.assertNotEqual(self.get("/play/app.css")[0].getheader("ETag"), etag)
        for if_none_match in [etag, "W/" + etag, '"0000000000000000", ' + etag, "*"]:
            response, body = self.get("/play/app.js", {"If-None-Match": if_none_match})
            self.assertEqual(response.status, 304, if_none_match)
            self.assertEqual(body, b"", if_none_match)
            self.assertEqual(response.getheader("ETag"), etag)
            self.assertEqual(response.getheader("Cache-Control"), "no-cache")
            self.assertIsNone(response.getheader("Content-Length"))
            self.assertEqual(response.getheader("Content-Security-Policy"), WEB_POLICY)
        response, body = self.get("/play/app.js", {"If-None-Match": '"0000000000000000"'})
        self.assertEqual(response.status, 200)
        self.assertEqual(body, FILES["app.js"])

    def test_a_compressed_form_when_the_browser_takes_it(self):
        path = "/play/" + ASSET
        forms = {"br": FILES[ASSET + ".br"], "gzip": FILES[ASSET + ".gz"], None: ASSET_BYTES}
        cases = {"gzip, deflate, br": "br", "br": "br", "gzip": "gzip", "GZip": "gzip",
                 "br;q=0, gzip;q=0.5": "gzip", "*": "br", "br;q=0, *": "gzip",
                 "br;q=0, gzip;q=0": None, "identity": None, "deflate": None, "": None}
        etags = {}
        for accept, coding in cases.items():
            response, body = self.get(path, {"Accept-Encoding": accept} if accept else {})
            self.assertEqual(response.status, 200, accept)
            self.assertEqual(response.getheader("Content-Encoding"), coding, accept)
            self.assertEqual(response.getheader("Vary"), "Accept-Encoding", accept)
            self.assertEqual(response.getheader("Content-Type"), "text/javascript; charset=utf-8")
            self.assertEqual(body, forms[coding], accept)
            etags.setdefault(coding, response.getheader("ETag"))
            self.assertEqual(etags[coding], response.getheader("ETag"), accept)
        self.assertEqual(gzip.decompress(forms["gzip"]), ASSET_BYTES)
        self.assertEqual(len(set(etags.values())), 3)  # one tag per form
        # A tag is good for its own form only.
        response, body = self.get(path, {"Accept-Encoding": "br", "If-None-Match": etags["br"]})
        self.assertEqual((response.status, body), (304, b""))
        response, body = self.get(path, {"Accept-Encoding": "gzip", "If-None-Match": etags["br"]})
        self.assertEqual((response.status, body), (200, forms["gzip"]))
        # A file the build left uncompressed varies with nothing.
        response, _ = self.get("/play/app.css", {"Accept-Encoding": "br, gzip"})
        self.assertIsNone(response.getheader("Content-Encoding"))
        self.assertIsNone(response.getheader("Vary"))
        # Neither a compressed copy nor one whose file is gone is served by name.
        for name in [ASSET + ".br", ASSET + ".gz", "assets/old-AAAAAAAA.js.br",
                     "assets/old-AAAAAAAA.js"]:
            self.assertEqual(self.get("/play/" + name)[0].status, 404, name)

    def test_hashed_assets_are_kept_for_good_the_rest_asked_again(self):
        response, _ = self.get("/play/" + ASSET)
        self.assertEqual(response.getheader("Cache-Control"), "public, max-age=31536000, immutable")
        for path in ["/play/", "/play/app.js", "/play/strings/es.json"]:
            self.assertEqual(self.get(path)[0].getheader("Cache-Control"), "no-cache", path)

    def test_head(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("HEAD", "/play/")
        response = conn.getresponse()
        self.assertEqual(response.status, 200)
        self.assertEqual(response.getheader("Content-Type"), "text/html; charset=utf-8")
        self.assertEqual(int(response.getheader("Content-Length")), len(INDEX))
        self.assertIsNotNone(response.getheader("ETag"))
        self.assertEqual(response.read(), b"")
        # The same connection carries on (keep-alive).
        conn.request("HEAD", "/play/app.js",
                     headers={"If-None-Match": self.get("/play/app.js")[0].getheader("ETag")})
        response = conn.getresponse()
        self.assertEqual(response.status, 304)
        self.assertEqual(response.read(), b"")
        conn.request("GET", "/play/app.css")
        response = conn.getresponse()
        self.assertEqual(response.status, 200)
        self.assertEqual(response.read(), FILES["app.css"])
        conn.close()

    def test_play_and_the_root_lead_to_the_client(self):
        response, _ = self.get("/play")
        self.assertEqual(response.status, 301)
        self.assertEqual(response.getheader("Location"), "/play/")
        for path in ["/", "/?lang=pt"]:
            response, _ = self.get(path)
            self.assertEqual(response.status, 302, path)
            self.assertEqual(response.getheader("Location"), "/play/", path)
        # The rules pages and the API are still there.
        self.assertEqual(self.get("/rules/uttt/es")[0].status, 200)
        response, body = request(self.port, "POST", "/api/boardgame.v1.GameService/ListGames",
                                 {"Content-Type": "application/json"}, b"{}")
        self.assertEqual(response.status, 200)
        self.assertIn(b'"uttt"', body)

    def test_what_is_not_served_is_not_found(self):
        for path in ["/play/nothing.js", "/play/strings/fr.json", "/play/strings/",
                     "/play/strings", "/play/.env", "/play/.cache/app.js", "/play/tool.exe",
                     "/play/video.mp4", "/play/index.html/", "/play/APP.JS"]:
            response, body = self.get(path)
            self.assertEqual(response.status, 404, path)
            self.assertEqual(response.getheader("Content-Type"), "text/plain; charset=utf-8")
            self.assertIn(b"no such file", body, path)
        # Neither /play's neighbours nor other methods are the client's.
        self.assertEqual(self.get("/playground")[0].status, 404)
        response, _ = request(self.port, "POST", "/play/app.js")
        self.assertEqual(response.status, 405)
        self.assertEqual(response.getheader("Allow"), "GET, HEAD")

    def test_no_path_reaches_outside_the_folder(self):
        for path in ["/play/../rules", "/play/../secret.txt", "/play/%2e%2e/secret.txt",
                     "/play/%2e%2e/x", "/play/%2E%2E%2Fsecret.txt", "/play/..%2fsecret.txt",
                     "/play/strings/../app.js", "/play/./app.js", "/play//etc/passwd",
                     "/play/%2Fetc%2Fpasswd", "/play/" + os.path.join(self.web, "app.js"),
                     "/play/" + os.path.join(self.folder.name, "secret.txt"),
                     "/play/app.js%00.png", "/play/\\app.js"]:
            response, body = self.get(path)
            self.assertEqual(response.status, 404, path + " -> " + body[:200].decode())


class WithoutAClient(unittest.TestCase):
    """Hosts started from a copy of game-host, in a folder where a client is
    beside the program or not."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.game_host = http_host.copy_without_client(GAME_HOST, cls.folder.name)

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def test_a_host_without_a_client_leads_to_the_rules(self):
        host, port = http_host.start(self.game_host, PLUGINS)
        try:
            response, _ = request(port, "GET", "/")
            self.assertEqual(response.status, 302)
            self.assertEqual(response.getheader("Location"), "/rules")
            self.assertEqual(request(port, "GET", "/play/")[0].status, 404)
            self.assertIn("game-host: no browser client found beside this program; serving none "
                          "(name its folder with --web)", http_host.log_so_far(host))
        finally:
            http_host.stop(host)

    def test_the_client_beside_the_program_is_served_without_web(self):
        web = os.path.join(self.folder.name, "web")
        write_client(web, {"index.html": INDEX})
        try:
            host, port = http_host.start(self.game_host, PLUGINS, "web client on http://")
            try:
                response, body = request(port, "GET", "/play/")
                self.assertEqual(response.status, 200)
                self.assertEqual(body, INDEX)
                self.assertEqual(request(port, "GET", "/")[0].getheader("Location"), "/play/")
                self.assertIn("game-host: browser client from %s (1 files)" % web,
                              http_host.log_so_far(host))
            finally:
                http_host.stop(host)
        finally:
            shutil.rmtree(web)

    def test_a_folder_that_cannot_be_served_ends_the_host_with_2(self):
        missing = os.path.join(self.folder.name, "no-such-folder")
        a_file = os.path.join(self.folder.name, "bin", "game-host")
        no_index = os.path.join(self.folder.name, "no-index")
        write_client(no_index, {"app.js": b"1;\n"})
        too_big = os.path.join(self.folder.name, "too-big")
        write_client(too_big, {"index.html": INDEX})
        with open(os.path.join(too_big, "app.js"), "wb") as f:
            f.truncate((32 << 20) + 1)
        for folder, reason in [(missing, "no such folder"), (a_file, "not a folder"),
                               (no_index, "no index.html, so no page to start from"),
                               (too_big, "the files to serve come to more than 32 MiB")]:
            done = run_host(GAME_HOST, ["--http", "127.0.0.1:0", "--web", folder])
            self.assertEqual(done.returncode, 2, done.stderr)
            self.assertIn("game-host: cannot serve the browser client: %s: %s" % (folder, reason),
                          done.stderr)
            self.assertNotIn("listening on", done.stdout)

    def test_web_needs_http(self):
        done = run_host(GAME_HOST, ["--web", self.folder.name])
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("game-host: --web is served by the HTTP server: add --http ADDRESS:PORT",
                      done.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
