#!/usr/bin/python3
"""At an online table, the player whose move ends the game sees the final
board and the result before "What next?", whatever the order in which the
answer to that move and the table's news reach the client.

A move that ends a game makes two events, MOVE then GAME_OVER, and the final
board comes with GAME_OVER. The mover's client waited for the MOVE event alone, and
the other player's printed the prompt after the MOVE, so when GAME_OVER came
a moment later the prompt was printed first. Here a small
gRPC proxy between the clients and a real game-host holds every GAME_OVER
event of the Watch streams back for a second, which makes that moment long
enough to see every time: the test does not depend on luck.

    client_final_board_test.py --client build/bin/game-client \
        --host build/bin/game-host --plugins build/plugins
"""
import os
import sys
import tempfile
import time
import unittest
from concurrent import futures

import grpc

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from client_process import ClientProcess, HostProcess, test_arguments  # noqa: E402

ARGS = None

# boardgame.v1.TableEvent (proto/boardgame/v1/table.proto): field 2 is its
# kind, and GAME_OVER is kind 11.
KIND_FIELD = 2
GAME_OVER = 11
HOLD_S = 1.0  # well below the client's patience for its own events (3 s)


def varint(data, pos):
    value, shift = 0, 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7


def event_kind(data):
    """The kind of a serialized TableEvent, read from the wire format."""
    pos = 0
    while pos < len(data):
        key, pos = varint(data, pos)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = varint(data, pos)
            if field == KIND_FIELD:
                return value
        elif wire == 2:
            size, pos = varint(data, pos)
            pos += size
        elif wire == 1:
            pos += 8
        elif wire == 5:
            pos += 4
        else:
            raise ValueError("not a TableEvent")
    return 0


class HoldingProxy(grpc.GenericRpcHandler):
    """Passes every call through to `upstream` as bytes, and holds each
    GAME_OVER event of a Watch stream back for HOLD_S seconds."""

    def __init__(self, upstream):
        self.channel = grpc.insecure_channel(upstream)
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=16), handlers=[self])
        self.address = "127.0.0.1:%d" % self.server.add_insecure_port("127.0.0.1:0")
        self.held = 0
        self.server.start()

    def stop(self):
        self.server.stop(0)
        self.channel.close()

    def service(self, details):
        method = details.method
        if method.endswith("/Watch") or method.endswith("/Seek"):
            return grpc.unary_stream_rpc_method_handler(
                lambda request, context: self.stream(method, request, context))
        return grpc.unary_unary_rpc_method_handler(
            lambda request, context: self.unary(method, request, context))

    @staticmethod
    def refuse(context, error):
        # The host's ErrorDetail travels in the trailers: passed on as sent.
        context.set_trailing_metadata(error.trailing_metadata() or ())
        context.abort(error.code(), error.details() or "")

    def unary(self, method, request, context):
        try:
            return self.channel.unary_unary(method)(request, timeout=context.time_remaining())
        except grpc.RpcError as error:
            self.refuse(context, error)

    def stream(self, method, request, context):
        call = self.channel.unary_stream(method)(request)
        context.add_callback(call.cancel)
        try:
            for message in call:
                if method.endswith("/Watch") and event_kind(message) == GAME_OVER:
                    self.held += 1
                    time.sleep(HOLD_S)
                yield message
        except grpc.RpcError as error:
            if context.is_active():
                self.refuse(context, error)


class FinalBoard(unittest.TestCase):
    def setUp(self):
        self.host = HostProcess(ARGS.host, ARGS.plugins, store="memory")
        self.addCleanup(self.host.stop)
        self.proxy = HoldingProxy(self.host.address)
        self.addCleanup(self.proxy.stop)
        self.clients = []
        self.addCleanup(lambda: [c.close() for c in self.clients])

    def client(self, *args, game="tictactoe"):
        home = tempfile.TemporaryDirectory()
        self.addCleanup(home.cleanup)
        c = ClientProcess(ARGS.client, self.proxy.address, home.name, *args, game=game)
        self.clients.append(c)
        return c

    def test_the_final_board_comes_before_what_next(self):
        ana = self.client("--create", "--name", "Ana")
        code = ana.expect(r"Invite code: ([A-Z0-9]{6})\n").group(1)
        ana.expect(r"Waiting for players > ")
        bruno = self.client("--join", code, "--name", "Bruno", game=None)
        bruno.expect(r"Waiting for Ana \(X\) > ")
        ana.expect(r"You \(X\) > ")
        # Ana wins along the top row: 1, 2, 3 against 4, 5.
        for mover, waiter, cell, prompt in ((ana, bruno, "1", r"You \(O\) > "),
                                            (bruno, ana, "4", r"You \(X\) > "),
                                            (ana, bruno, "2", r"You \(O\) > "),
                                            (bruno, ana, "5", r"You \(X\) > ")):
            mover.send(cell)
            mover.expect(r"you play %s \(" % cell)
            waiter.expect(prompt)
        mark, bruno_mark = ana.pos, bruno.pos
        ana.send("3")
        ana.expect(r"X: you play 3 \(")
        ana.expect(r"What next\? > ")
        before_prompt = ana.since(mark)
        self.assertIn("Result: ", before_prompt,
                      "the prompt came before the final board:\n" + ana.out[mark:])
        self.assertIn("You win", before_prompt)
        # The result is said once, and the prompt is not drawn twice.
        ana.send("score")
        ana.expect(r"What next\? > ")
        self.assertEqual(ana.out[mark:].count("Result: "), 1, ana.out[mark:])
        # The other player too, whose news of the move comes apart from its
        # GAME_OVER here.
        bruno.expect(r"X: Ana plays 3 \(")
        bruno.expect(r"What next\? > ")
        self.assertRegex(bruno.since(bruno_mark), r"Result: .*You lose\.",
                         "the prompt came before the final board:\n" + bruno.out[bruno_mark:])
        self.assertGreaterEqual(self.proxy.held, 2)  # the proxy did hold GAME_OVER back
        for c in (ana, bruno):
            c.send("quit")
            c.expect("Bye")
            self.assertEqual(c.finish(), 0)


if __name__ == "__main__":
    ARGS, rest = test_arguments()
    unittest.main(argv=[sys.argv[0]] + rest)
