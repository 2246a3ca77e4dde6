"""Bad input against the real game-host process, on the wire.

The rows of docs/bad-input.md that only a real process shows: raw bytes
sent to a gRPC method past any stub, messages over game-host's
--max-message-bytes, deadlines already passed, states of one game sent to
another, and rule-page URLs with path tricks. Every refusal is checked for
its status, its ErrorDetail and its message; the host must still be
serving, and stop cleanly, at the end.

Usage: bad_input_wire_test.py --game-host BIN --plugins DIR --proto-dir DIR
           --protoc BIN --grpc-python-plugin BIN
"""

import argparse
import http.client
import os
import signal
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import e2e_play  # noqa: E402  generate_stubs

MAX_MESSAGE_BYTES = 8192
ARGS = None
STUBS = tempfile.TemporaryDirectory()


class BadInputOnTheWire(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        e2e_play.generate_stubs(ARGS, STUBS.name)
        global grpc, pb
        import grpc
        from boardgame.v1 import error_detail_pb2, game_service_pb2, game_state_pb2, settings_pb2
        pb = argparse.Namespace(**{name: getattr(module, name)
                                   for module in (error_detail_pb2, game_service_pb2,
                                                  game_state_pb2, settings_pb2)
                                   for name in dir(module) if not name.startswith("_")})
        cls.host = subprocess.Popen(
            [ARGS.game_host, "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0",
             "--plugins", ARGS.plugins, "--max-message-bytes", str(MAX_MESSAGE_BYTES),
             "--store", "memory"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        cls.address = cls.host.stdout.readline().strip().split("listening on ")[-1]
        cls.http_port = int(cls.host.stdout.readline().split("127.0.0.1:")[1].split("/")[0])
        cls.channel = grpc.insecure_channel(cls.address)

    @classmethod
    def tearDownClass(cls):
        cls.channel.close()
        still_serving = cls.host.poll() is None
        cls.host.send_signal(signal.SIGTERM)
        _, log = cls.host.communicate(timeout=30)
        assert still_serving, "game-host died: " + log
        assert cls.host.returncode == 0, "game-host exit code %d: %s" % (cls.host.returncode, log)

    # --- helpers -------------------------------------------------------

    def raw(self, method, data, timeout=5):
        """Sends bytes to a GameService method; returns (code, message, ErrorDetail or None)."""
        call = self.channel.unary_unary("/boardgame.v1.GameService/" + method)
        try:
            call(data, timeout=timeout)
            return grpc.StatusCode.OK, "", None
        except grpc.RpcError as error:
            detail = None
            for key, value in error.trailing_metadata() or ():
                if key == "boardgame-error-bin":
                    detail = pb.ErrorDetail.FromString(value)  # must parse
            return error.code(), error.details(), detail

    def assert_refused(self, answer, code, reason, message):
        got_code, got_message, detail = answer
        self.assertEqual(got_code, code, got_message)
        self.assertEqual(got_message, message)
        if reason is None:
            self.assertIsNone(detail)
        else:
            self.assertIsNotNone(detail, "no ErrorDetail")
            self.assertEqual(detail.reason, reason)
            self.assertEqual(detail.message, message)

    def call(self, method, request):
        """A call that must succeed, with messages in and out."""
        call = self.channel.unary_unary(
            "/boardgame.v1.GameService/" + method,
            request_serializer=type(request).SerializeToString,
            response_deserializer=getattr(pb, method + "Response").FromString)
        return call(request, timeout=5)

    def state_after(self, game_id, *moves):
        state = self.call("Setup", pb.SetupRequest(game_id=game_id)).state
        for move in moves:
            state = self.call("ApplyMove", pb.ApplyMoveRequest(
                state=state, seat=state.seat_to_move, move_id=move)).state
        return state

    def get(self, path, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.http_port, timeout=10)
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        body = response.read().decode("utf-8", "replace")
        conn.close()
        return response.status, body

    # --- gRPC ----------------------------------------------------------

    def test_garbage_bytes(self):
        for method in ("ListGames", "DescribeGame", "Setup", "ListMoves", "ApplyMove", "Resign",
                       "GetOutcome", "SuggestMove", "GetRules"):
            with self.subTest(method=method):
                self.assert_refused(self.raw(method, b"\xff\xff\xff"),
                                    grpc.StatusCode.INVALID_ARGUMENT, "malformed_request",
                                    "the request is not a valid boardgame.v1.%sRequest" % method)

    def test_every_truncation_of_a_request(self):
        whole = pb.ApplyMoveRequest(state=self.state_after("uttt", 40), seat=2,
                                    move_id=36).SerializeToString()
        reasons = {}
        for n in range(len(whole)):
            code, message, detail = self.raw("ApplyMove", whole[:n])
            self.assertIn(code, (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND),
                          "first %d bytes: %s %s" % (n, code, message))
            self.assertIsNotNone(detail, "first %d bytes: no ErrorDetail" % n)
            reasons[detail.reason] = reasons.get(detail.reason, 0) + 1
        # Cut inside a field: malformed. Cut between fields: a shorter
        # request (no game id, no seat, no move), refused for what it lacks.
        self.assertEqual(set(reasons), {"malformed_request", "unknown_game", "bad_seat",
                                        "missing_move"})
        self.assertGreater(reasons["malformed_request"], len(whole) - 5)
        self.assert_refused(self.raw("ApplyMove", whole[:5]), grpc.StatusCode.INVALID_ARGUMENT,
                            "malformed_request",
                            "the request is not a valid boardgame.v1.ApplyMoveRequest")
        self.assertEqual(self.raw("ApplyMove", whole)[0], grpc.StatusCode.OK)

    def test_game_id_not_utf8(self):
        data = pb.DescribeGameRequest(game_id="@@").SerializeToString().replace(b"@@", b"\xff\xfe")
        self.assert_refused(self.raw("DescribeGame", data), grpc.StatusCode.INVALID_ARGUMENT,
                            "malformed_request",
                            "the request is not a valid boardgame.v1.DescribeGameRequest")

    def test_unknown_method(self):
        self.assert_refused(self.raw("Undo", b""), grpc.StatusCode.UNIMPLEMENTED, None, "")

    def test_state_of_another_game(self):
        ttt = self.state_after("tictactoe", 4)
        ttt.game_id = "uttt"
        self.assert_refused(
            self.raw("ListMoves", pb.ListMovesRequest(state=ttt).SerializeToString()),
            grpc.StatusCode.INVALID_ARGUMENT, "bad_state",
            "invalid game state: it does not match its own record: modified: view.rows: 9 -> 3")
        uttt = self.state_after("uttt", 40)
        uttt.game_id = "tictactoe"
        self.assert_refused(
            self.raw("ListMoves", pb.ListMovesRequest(state=uttt).SerializeToString()),
            grpc.StatusCode.INVALID_ARGUMENT, "bad_state",
            "invalid game state: move 1 (id 40) is not legal: move id 40 names no cell: ids are "
            "0 to 8")

    def test_huge_names_keep_their_error(self):
        # Quoted in full, a 5000-byte name outgrew the client's 8 KiB
        # metadata limit: the client saw RESOURCE_EXHAUSTED, not the error.
        name = "a" * 5000
        code, message, detail = self.raw("Setup", pb.SetupRequest(game_id="uttt", settings=[
            pb.Setting(id=name, value=pb.SettingValue(flag=True))]).SerializeToString())
        self.assertEqual(code, grpc.StatusCode.INVALID_ARGUMENT, message[:100])
        self.assertRegex(message, r"^unknown setting 'a{495}\.\.\. \(5\d\d\d bytes in all\)$")
        self.assertEqual(detail.reason, "unknown_setting")
        self.assertEqual([(a.name, a.value) for a in detail.args],
                         [("setting", "a" * 512 + "... (5000 bytes in all)")])
        code, message, detail = self.raw("Setup", pb.SetupRequest(game_id=name).SerializeToString())
        self.assertEqual(code, grpc.StatusCode.NOT_FOUND, message[:100])
        self.assertRegex(message, r"^unknown game 'a{498}\.\.\. \(5\d\d\d bytes in all\)$")
        self.assertEqual(detail.reason, "unknown_game")

    def test_oversized_request(self):
        state = self.state_after("uttt")
        state.moves.extend([40] * MAX_MESSAGE_BYTES)
        data = pb.ListMovesRequest(state=state).SerializeToString()
        self.assert_refused(self.raw("ListMoves", data), grpc.StatusCode.RESOURCE_EXHAUSTED, None,
                            "Received message larger than max (%d vs. %d)"
                            % (len(data), MAX_MESSAGE_BYTES))

    def test_oversized_response(self):
        code, message, detail = self.raw(
            "GetRules", pb.GetRulesRequest(game_id="uttt", locale="es").SerializeToString())
        self.assertEqual(code, grpc.StatusCode.RESOURCE_EXHAUSTED, message)
        self.assertRegex(message, r"^Sent message larger than max \(\d+ vs\. %d\)$"
                         % MAX_MESSAGE_BYTES)
        self.assertIsNone(detail)
        # The host goes on serving.
        self.assertEqual(self.call("Setup", pb.SetupRequest(game_id="uttt")).state.game_id, "uttt")

    def test_expired_deadline(self):
        request = pb.ApplyMoveRequest(state=self.state_after("uttt"), seat=1, move_id=40)
        self.assert_refused(self.raw("ApplyMove", request.SerializeToString(), timeout=-1),
                            grpc.StatusCode.DEADLINE_EXCEEDED, None, "Deadline Exceeded")
        suggest = pb.SuggestMoveRequest(state=self.state_after("uttt"),
                                        level=pb.SuggestMoveRequest.EXPERTO)
        self.assert_refused(self.raw("SuggestMove", suggest.SerializeToString(), timeout=-1),
                            grpc.StatusCode.DEADLINE_EXCEEDED, None, "Deadline Exceeded")

    def test_language_tags(self):
        self.assertEqual(self.call("DescribeGame", pb.DescribeGameRequest(
            game_id="tictactoe", locale="")).game.locale, "en")
        self.assert_refused(
            self.raw("ListGames", pb.ListGamesRequest(locale="en_US").SerializeToString()),
            grpc.StatusCode.INVALID_ARGUMENT, "bad_locale",
            "language tag 'en_US' uses '_'; subtags are joined by '-', as in 'pt-BR'")
        self.assert_refused(
            self.raw("DescribeGame",
                     pb.DescribeGameRequest(game_id="tictactoe", locale="-").SerializeToString()),
            grpc.StatusCode.INVALID_ARGUMENT, "bad_locale",
            "language tag '-' has an empty subtag at position 1")

    def test_max_message_bytes_outside_its_range(self):
        for value in ("10", "lots"):
            refused = subprocess.run([ARGS.game_host, "--plugins", ARGS.plugins,
                                      "--max-message-bytes", value],
                                     capture_output=True, text=True, timeout=30)
            self.assertEqual(refused.returncode, 2)
            self.assertTrue(refused.stderr.startswith(
                "game-host: --max-message-bytes: Value %s not in range 1024 to 67108864\n" % value),
                refused.stderr)

    # --- HTTP rules pages ------------------------------------------------

    def test_rules_path_tricks(self):
        no_page = "no such page; rule pages are at /rules/<game>/<lang>\n"
        no_id = "no game has that id\n"
        escaped_slash = "an escaped '/' (%2F) is not allowed in a rules path\n"
        for path, status, body in [
            ("/rules/../etc/passwd", 404, no_page),
            ("/rules/uttt/../../etc/passwd", 404, no_page),
            ("/rules/%2e%2e/es", 404, no_id),
            ("/rules/..%2F..%2Fetc%2Fpasswd", 400, escaped_slash),
            ("/rules/uttt%2Fes", 400, escaped_slash),
            ("/rules/uttt/%2e%2e%2fen", 400, escaped_slash),
            ("/rules/uttt%00/es", 404, no_id),
            ("/rules/UTTT/es", 404, no_id),
            ("/rules/uttt//es", 404, no_page),
            ("/rules/uttt/" + "a" * 20000, 414, "the URL is longer than 8192 bytes\n"),
        ]:
            with self.subTest(path=path[:40]):
                self.assertEqual(self.get(path), (status, body))
        status, body = self.get("/rules/uttt/" + "a" * 3000)
        self.assertEqual(status, 400)
        self.assertEqual(body, "language '%s': the language tag is 3000 characters long; at most "
                               "100 are allowed\n" % ("a" * 3000))

    def test_rules_bad_requests(self):
        for path, status, body in [
            ("/rules/chess/es", 404, "unknown game 'chess'\n"),
            ("/rules/uttt/es?lang=de", 400,
             "give the language once: in the path or as ?lang=, not both\n"),
            ("/rules/uttt/es?format=pdf", 400, "unknown format 'pdf': use html, md or strings\n"),
        ]:
            with self.subTest(path=path):
                self.assertEqual(self.get(path), (status, body))

    def test_rules_language_tags(self):
        self.assertEqual(
            self.get("/rules/uttt/not_a_tag!"),
            (400, "language 'not_a_tag!': language tag 'not_a_tag!' uses '_'; subtags are joined "
                  "by '-', as in 'pt-BR'\n"))
        self.assertEqual(
            self.get("/rules/uttt", {"Accept-Language": "de;q=2"}),
            (400, "Accept-Language entry 'de;q=2': q-value '2' must be a number from 0 to 1 with "
                  "at most three decimals\n"))
        status, body = self.get("/rules/uttt?lang=")
        self.assertEqual(status, 200)
        self.assertIn('<html lang="en">', body)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    for flag in ("--game-host", "--plugins", "--proto-dir", "--protoc", "--grpc-python-plugin"):
        parser.add_argument(flag, required=True)
    ARGS = parser.parse_args()
    try:
        unittest.main(argv=sys.argv[:1], verbosity=2)
    finally:
        STUBS.cleanup()


if __name__ == "__main__":
    main()
