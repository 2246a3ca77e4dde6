"""Starts the real game-host with --http and calls its services as JSON.

Usage: json_api_test.py GAME_HOST PLUGIN_DIR
"""
import http.client
import json
import sys
import unittest

import http_host

GAME_HOST, PLUGINS = sys.argv[1], sys.argv[2]
TABLES = "/api/boardgame.v1.TableService/"
GAMES = "/api/boardgame.v1.GameService/"


class JsonApi(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.host, cls.port = http_host.start(GAME_HOST, PLUGINS, "JSON API on http://")

    @classmethod
    def tearDownClass(cls):
        http_host.stop(cls.host)

    def post(self, path, message, content_type="application/json", conn=None):
        own = conn is None
        conn = conn or http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        body = message if isinstance(message, (bytes, str)) else json.dumps(message)
        conn.request("POST", path, body=body, headers={"Content-Type": content_type})
        response = conn.getresponse()
        text = response.read().decode("utf-8")
        if own:
            conn.close()
        return response, (json.loads(text) if text.strip().startswith(("{", "[")) else text)

    def call(self, method, message, conn=None):
        response, answer = self.post(method, message, conn=conn)
        self.assertEqual(response.status, 200, "%s -> %s" % (method, answer))
        self.assertEqual(response.getheader("Content-Type"), "application/json")
        return answer

    def test_the_game_service_speaks_the_proto_json_mapping(self):
        games = self.call(GAMES + "ListGames", {})
        ids = sorted(g["id"] for g in games["games"])
        self.assertEqual(ids, ["tictactoe", "uttt"])
        setup = self.call(GAMES + "Setup", {"gameId": "tictactoe"})
        moves = self.call(GAMES + "ListMoves", {"state": setup["state"]})
        self.assertEqual(len(moves["moves"]), 9)

    def test_two_clients_play_a_whole_game_at_one_table(self):
        created = self.call(TABLES + "CreateTable", {
            "gameId": "tictactoe", "seats": [{"kind": "PERSON"}, {"kind": "PERSON"}],
            "player": {"name": "Ana", "deviceId": "device-ana-000000001"}})
        table = created["table"]
        tokens = {created["ticket"]["seat"]: created["ticket"]["token"]}
        joined = self.call(TABLES + "JoinTable", {
            "table": {"inviteCode": table["inviteCode"]},
            "player": {"name": "Bruno", "deviceId": "device-bruno-0000001"}})
        tokens[joined["ticket"]["seat"]] = joined["ticket"]["token"]
        self.assertEqual(sorted(tokens), [1, 2])
        # Each player on a connection of its own, kept alive between moves.
        connections = {seat: http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                       for seat in tokens}
        table = joined["table"]
        plays = 0
        while table["phase"] == "PLAYING":
            seat = table["state"]["seatToMove"]
            state = table["state"]
            moves = self.call(GAMES + "ListMoves", {"state": state})["moves"]
            played = self.call(TABLES + "Play", {
                "tableId": table["tableId"], "token": tokens[seat],
                "gameNumber": state.get("gameNumber", 0),
                "moveNumber": table["nextMoveNumber"], "moveId": moves[-1].get("id", 0)},
                conn=connections[seat])
            table = played["table"]
            plays += 1
        self.assertEqual(table["phase"], "GAME_OVER")
        self.assertGreaterEqual(plays, 5)
        for conn in connections.values():
            conn.close()
        # A stale move number: the gRPC refusal, as JSON, with its reason.
        response, answer = self.post(TABLES + "NextGame", {
            "tableId": table["tableId"], "token": "not-a-token"})
        self.assertIn(response.status, (400, 403))
        self.assertIn(answer["code"], ("PERMISSION_DENIED", "INVALID_ARGUMENT"))
        self.assertTrue(answer["detail"]["reason"], answer)

    def test_refusals_say_what_was_wrong(self):
        response, answer = self.post(TABLES + "GetTable", {"tableId": "no-such-table"})
        self.assertEqual(response.status, 404)
        self.assertEqual(answer["code"], "NOT_FOUND")
        self.assertEqual(answer["detail"]["reason"], "unknown_table")
        response, answer = self.post(TABLES + "GetTable", {"tableIdd": "x"})
        self.assertEqual(response.status, 400)
        self.assertIn("the body is not a boardgame.v1.TableRef in JSON", answer["message"])
        response, answer = self.post(TABLES + "GetTable", "{not json")
        self.assertEqual(response.status, 400)
        for bad in [b'{"gameId": "\xff\xfe"}', b'{"gameId\xff": "uttt"}']:
            response, answer = self.post(GAMES + "Setup", bad)
            self.assertEqual(response.status, 400, bad)
            self.assertIn("the body is not a boardgame.v1.SetupRequest in JSON", answer["message"])
        response, answer = self.post(TABLES + "GetTable", {}, content_type="text/plain")
        self.assertEqual(response.status, 415)
        response, answer = self.post("/api/boardgame.v1.Secret/Do", {})
        self.assertEqual(response.status, 404)
        self.assertIn("no service 'boardgame.v1.Secret'", answer["message"])
        response, answer = self.post(TABLES + "Nothing", {})
        self.assertEqual(response.status, 404)
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        conn.request("GET", GAMES + "ListGames")
        response = conn.getresponse()
        self.assertEqual(response.status, 405)
        self.assertEqual(response.getheader("Allow"), "POST")
        conn.close()

    def open_watch(self, table_ref):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        conn.request("POST", TABLES + "Watch", body=json.dumps({"table": table_ref}),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return conn, response

    @staticmethod
    def next_event(response):
        """The next server-sent event: (name, data)."""
        name, data = "message", None
        while True:
            line = response.readline().decode("utf-8")
            if not line:
                return None, None
            line = line.rstrip("\n")
            if not line:
                return name, data
            field, _, value = line.partition(": ")
            if field == "event":
                name = value
            elif field == "data":
                data = json.loads(value)

    def test_a_watch_streams_every_event_once_in_order(self):
        created = self.call(TABLES + "CreateTable", {
            "gameId": "tictactoe", "seats": [{"kind": "PERSON"}, {"kind": "PERSON"}],
            "player": {"name": "Ana", "deviceId": "device-ana-000000002"}})
        code = created["table"]["inviteCode"]
        conn, stream = self.open_watch({"inviteCode": code})
        self.assertEqual(stream.status, 200)
        self.assertEqual(stream.getheader("Content-Type"), "text/event-stream")
        name, snapshot = self.next_event(stream)
        self.assertEqual(snapshot["kind"], "SNAPSHOT")
        tokens = {created["ticket"]["seat"]: created["ticket"]["token"]}
        joined = self.call(TABLES + "JoinTable", {
            "table": {"inviteCode": code},
            "player": {"name": "Bruno", "deviceId": "device-bruno-0000002"}})
        tokens[joined["ticket"]["seat"]] = joined["ticket"]["token"]
        table, played = joined["table"], 0
        while table["phase"] == "PLAYING":
            state = table["state"]
            moves = self.call(GAMES + "ListMoves", {"state": state})["moves"]
            table = self.call(TABLES + "Play", {
                "tableId": table["tableId"], "token": tokens[state["seatToMove"]],
                "gameNumber": state.get("gameNumber", 0),
                "moveNumber": table["nextMoveNumber"], "moveId": moves[0].get("id", 0)})["table"]
            played += 1
        versions, moves_seen, kinds = [int(snapshot["version"])], 0, []
        while kinds[-1:] != ["GAME_OVER"]:
            name, event = self.next_event(stream)
            self.assertEqual(name, "message", event)
            versions.append(int(event["version"]))
            kinds.append(event["kind"])
            moves_seen += event["kind"] == "MOVE"
        self.assertEqual(versions, list(range(versions[0], versions[0] + len(versions))))
        self.assertEqual(moves_seen, played)
        conn.close()

    def test_a_refused_watch_is_a_plain_refusal(self):
        conn, response = self.open_watch({"tableId": "no-such-table"})
        self.assertEqual(response.status, 404)
        self.assertEqual(json.loads(response.read())["detail"]["reason"], "unknown_table")
        conn.close()

    def test_watchers_that_hang_up_are_let_go(self):
        created = self.call(TABLES + "CreateTable", {
            "gameId": "uttt", "seats": [{"kind": "PERSON"}, {"kind": "PERSON"}],
            "player": {"name": "Ana", "deviceId": "device-ana-000000003"}})
        ref = {"tableId": created["table"]["tableId"]}
        # More watchers than the host lets one table have (64), one after
        # another: each that hangs up frees its place.
        for _ in range(80):
            conn, stream = self.open_watch(ref)
            self.assertEqual(stream.status, 200)
            self.assertEqual(self.next_event(stream)[1]["kind"], "SNAPSHOT")
            conn.close()
        table = self.call(TABLES + "GetTable", ref)
        self.assertEqual(table["table"]["tableId"], ref["tableId"])

    def test_a_stopping_host_ends_every_stream_and_says_so(self):
        host, port = http_host.start(GAME_HOST, PLUGINS, "JSON API on http://")
        streams = []
        try:
            own = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            _, created = self.post(TABLES + "CreateTable", {
                "gameId": "uttt", "seats": [{"kind": "PERSON"}, {"kind": "CPU"}],
                "player": {"name": "Ana", "deviceId": "device-ana-000000004"}}, conn=own)
            own.close()
            for _ in range(40):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("POST", TABLES + "Watch",
                             body=json.dumps({"table": {"tableId": created["table"]["tableId"]}}),
                             headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                self.assertEqual(self.next_event(response)[1]["kind"], "SNAPSHOT")
                streams.append((conn, response))
        finally:
            http_host.stop(host)  # exits 0, and under ASan with no leak
        for conn, response in streams:
            self.assertIn(b"event: end", response.read())
            conn.close()

    def test_invite_guesses_count_per_http_client(self):
        # Every API call shares one in-process channel; guesses still count
        # per client (the host allows 10), not for all of them.
        guesser = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        codes = []
        for _ in range(12):
            response, answer = self.post(TABLES + "GetTable", {"inviteCode": "K7MQ4X"},
                                         conn=guesser)
            codes.append(answer["detail"]["reason"])
        guesser.close()
        self.assertEqual(codes[0], "unknown_table")
        self.assertEqual(codes[-1], "too_many_guesses")
        # Another client (another connection, so another port) is not held back.
        response, answer = self.post(TABLES + "GetTable", {"inviteCode": "K7MQ4X"})
        self.assertEqual(answer["detail"]["reason"], "unknown_table", answer)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
