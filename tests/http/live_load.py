"""Holds many live table streams on one game-host's HTTP server and checks
that every event reaches every one of them, once and in order.

It starts game-host with --http, opens TABLES tables of tic-tac-toe with
two people each through the JSON API, holds WATCHERS watch streams per
table (server-sent events), plays whole games on every table, and then
reports the streams held, events delivered, missing and repeated, and the
host's threads and memory.

Usage: live_load.py GAME_HOST PLUGIN_DIR [--tables 100] [--watchers 20]
       [--games 3]
"""
import argparse
import asyncio
import json
import sys
import time

import http_host

TABLES = "/api/boardgame.v1.TableService/"
GAMES = "/api/boardgame.v1.GameService/"


def host_status(pid):
    fields = {}
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return int(fields["Threads"]), int(fields["VmRSS"].split()[0]) // 1024


class Client:
    """One keep-alive HTTP connection that makes JSON API calls in turn."""

    def __init__(self, port):
        self.port = port
        self.reader = self.writer = None

    async def call(self, path, message):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        body = json.dumps(message).encode()
        self.writer.write(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          b"Content-Length: %d\r\n\r\n" % (path.encode(), len(body)) + body)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        answer = json.loads(await self.reader.readexactly(length))
        if status != 200:
            raise RuntimeError("%s: %d %s" % (path, status, answer))
        return answer


class Watcher:
    """One watch stream: the versions of the events it received."""

    def __init__(self):
        self.versions = []
        self.moves = 0
        self.open = False

    async def run(self, port, table_id, ready):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        body = json.dumps({"table": {"tableId": table_id}}).encode()
        writer.write(b"POST %sWatch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n" % (TABLES.encode(), len(body)) + body)
        if b" 200 " not in await reader.readline():
            raise RuntimeError("a watch was refused")
        while await reader.readline() not in (b"\r\n", b""):
            pass
        self.open = True
        ready.release()
        try:
            while line := await reader.readline():
                if line.startswith(b"data: "):
                    event = json.loads(line[6:])
                    if "version" not in event:
                        break  # the end event
                    self.versions.append(int(event["version"]))
                    self.moves += event["kind"] == "MOVE"
        finally:
            self.open = False
            writer.close()


async def play_table(port, games):
    """Opens a table, and returns it, its players' tokens and a client."""
    client = Client(port)
    created = await client.call(TABLES + "CreateTable", {
        "gameId": "tictactoe", "seats": [{"kind": "PERSON"}, {"kind": "PERSON"}],
        "player": {"name": "Ana", "deviceId": "live-load-device-%08d" % id(client)}})
    joined = await client.call(TABLES + "JoinTable", {
        "table": {"tableId": created["table"]["tableId"]},
        "player": {"name": "Bruno", "deviceId": "live-load-device-%08db" % id(client)}})
    tokens = {created["ticket"]["seat"]: created["ticket"]["token"],
              joined["ticket"]["seat"]: joined["ticket"]["token"]}
    return client, joined["table"], tokens


async def play_games(client, table, tokens, games):
    moves = 0
    for game in range(games):
        if game:
            table = (await client.call(TABLES + "NextGame", {
                "tableId": table["tableId"], "token": tokens[1],
                "gameNumber": table["state"].get("gameNumber", 0)}))["table"]
        while table["phase"] == "PLAYING":
            state = table["state"]
            listed = (await client.call(GAMES + "ListMoves", {"state": state}))["moves"]
            table = (await client.call(TABLES + "Play", {
                "tableId": table["tableId"], "token": tokens[state["seatToMove"]],
                "gameNumber": state.get("gameNumber", 0),
                "moveNumber": table["nextMoveNumber"],
                "moveId": listed[len(listed) // 2].get("id", 0)}))["table"]
            moves += 1
    return moves


async def main(args):
    if http_host.raise_file_limit() < args.tables * (args.watchers + 1) + 100:
        print("too few open files allowed for %d streams" % (args.tables * args.watchers))
        return 1
    host, port = http_host.start(args.game_host, args.plugins, "JSON API on http://")
    try:
        threads_idle, rss_idle = host_status(host.pid)
        tables = [await play_table(port, args.games) for _ in range(args.tables)]
        watchers = [[Watcher() for _ in range(args.watchers)] for _ in tables]
        ready = asyncio.Semaphore(0)
        tasks = [asyncio.create_task(w.run(port, t[1]["tableId"], ready))
                 for t, ws in zip(tables, watchers) for w in ws]
        for _ in tasks:
            await ready.acquire()
        held = sum(w.open for ws in watchers for w in ws)
        threads_held, rss_held = host_status(host.pid)
        started = time.monotonic()
        played = await asyncio.gather(*(play_games(c, t, k, args.games) for c, t, k in tables))
        # Every stream has its events once the last move is answered, give
        # or take the time to write them out.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(
                w.moves < moves for ws, moves in zip(watchers, played) for w in ws):
            await asyncio.sleep(0.1)
        elapsed = time.monotonic() - started
        threads_after, rss_after = host_status(host.pid)
        delivered = missing = repeated = 0
        for ws, moves in zip(watchers, played):
            for w in ws:
                delivered += len(w.versions)
                repeated += len(w.versions) - len(set(w.versions))
                in_order = w.versions == list(range(w.versions[0], w.versions[-1] + 1))
                missing += max(0, moves - w.moves) + (0 if in_order else 1)
        print("live streams held at once: %d (%d tables x %d watchers)"
              % (held, args.tables, args.watchers))
        print("moves played: %d in %.1f s; events delivered: %d; missing: %d; repeated: %d"
              % (sum(played), elapsed, delivered, missing, repeated))
        print("host threads: %d idle, %d holding the streams, %d after the games"
              % (threads_idle, threads_held, threads_after))
        print("host memory (VmRSS): %d MiB idle, %d MiB holding the streams, %d MiB after"
              % (rss_idle, rss_held, rss_after))
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        ok = held == len(tasks) and missing == 0 and repeated == 0
        print("PASS" if ok else "FAIL")
        return 0 if ok else 1
    finally:
        http_host.stop(host)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game_host")
    parser.add_argument("plugins")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--watchers", type=int, default=20)
    parser.add_argument("--games", type=int, default=3)
    sys.exit(asyncio.run(main(parser.parse_args())))
