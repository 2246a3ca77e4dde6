// The host's JSON API (docs/host.md): every call is the protobuf JSON mapping
// of a GameService, TableService or PlayerService method, with the generated
// types, so the page and the host share the .proto files as their one schema.
import type { MethodInfo, ServiceType } from "@protobuf-ts/runtime-rpc";
import type { PartialMessage } from "@protobuf-ts/runtime";
import { ErrorDetail } from "./gen/boardgame/v1/error_detail";
import * as gs from "./gen/boardgame/v1/game_service";
import * as ps from "./gen/boardgame/v1/player_service";
import * as ts from "./gen/boardgame/v1/table_service";
import { TableEvent } from "./gen/boardgame/v1/table";

// A refusal of the host: the gRPC code's name, its message, and the stable
// reason of its ErrorDetail ("unknown_table", "illegal_move"...).
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail: ErrorDetail | undefined,
  ) {
    super(message);
  }
  get reason(): string {
    return this.detail?.reason ?? "";
  }
  // No answer at all: the host is down or the network is.
  get unreachable(): boolean {
    return this.code === "UNREACHABLE";
  }
}

function refusal(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { code?: string; message?: string; detail?: unknown };
  const detail = b.detail ? ErrorDetail.fromJson(b.detail as never, { ignoreUnknownFields: true }) : undefined;
  return new ApiError(b.code ?? `HTTP_${status}`, b.message ?? `HTTP ${status}`, detail);
}

function path(service: ServiceType, name: string): { url: string; method: MethodInfo } {
  const method = service.methods.find((m) => m.name === name);
  if (!method) throw new Error(`${service.typeName} has no method ${name}`);
  return { url: `/api/${service.typeName}/${name}`, method };
}

async function post(url: string, body: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      signal,
      cache: "no-store",
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError("UNREACHABLE", String(e), undefined);
  }
}

async function unary<I extends object, O extends object>(
  service: ServiceType,
  name: string,
  input: PartialMessage<I>,
): Promise<O> {
  const { url, method } = path(service, name);
  const request = method.I.create(input as never);
  const response = await post(url, JSON.stringify(method.I.toJson(request)));
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw refusal(response.status, body);
  return method.O.fromJson(body as never, { ignoreUnknownFields: true }) as O;
}

const game = gs.GameService;
const table = ts.TableService;
const player = ps.PlayerService;

const gameLists = new Map<string, Promise<gs.ListGamesResponse>>();

// The games a host serves change only when it restarts: the lobby's list
// serves the tables and pages after it, with no round trip of their own.
export function gamesIn(locale: string): Promise<gs.ListGamesResponse> {
  let list = gameLists.get(locale);
  if (!list) {
    list = api.listGames({ locale });
    list.catch(() => gameLists.delete(locale));
    gameLists.set(locale, list);
  }
  return list;
}

export const api = {
  listGames: (r: PartialMessage<gs.ListGamesRequest>) =>
    unary<gs.ListGamesRequest, gs.ListGamesResponse>(game, "ListGames", r),
  setup: (r: PartialMessage<gs.SetupRequest>) => unary<gs.SetupRequest, gs.SetupResponse>(game, "Setup", r),
  listMoves: (r: PartialMessage<gs.ListMovesRequest>) =>
    unary<gs.ListMovesRequest, gs.ListMovesResponse>(game, "ListMoves", r),
  applyMove: (r: PartialMessage<gs.ApplyMoveRequest>) =>
    unary<gs.ApplyMoveRequest, gs.ApplyMoveResponse>(game, "ApplyMove", r),

  createTable: (r: PartialMessage<ts.CreateTableRequest>) =>
    unary<ts.CreateTableRequest, ts.CreateTableResponse>(table, "CreateTable", r),
  joinTable: (r: PartialMessage<ts.JoinTableRequest>) =>
    unary<ts.JoinTableRequest, ts.SeatResponse>(table, "JoinTable", r),
  rejoin: (r: PartialMessage<ts.RejoinRequest>) => unary<ts.RejoinRequest, ts.SeatResponse>(table, "Rejoin", r),
  leave: (r: PartialMessage<ts.SeatRequest>) => unary<ts.SeatRequest, ts.TableResponse>(table, "Leave", r),
  play: (r: PartialMessage<ts.PlayRequest>) => unary<ts.PlayRequest, ts.PlayResponse>(table, "Play", r),
  resign: (r: PartialMessage<ts.GameRequest>) => unary<ts.GameRequest, ts.TableResponse>(table, "Resign", r),
  undo: (r: PartialMessage<ts.UndoRequest>) => unary<ts.UndoRequest, ts.TableResponse>(table, "Undo", r),
  nextGame: (r: PartialMessage<ts.GameRequest>) => unary<ts.GameRequest, ts.TableResponse>(table, "NextGame", r),
  offer: (r: PartialMessage<ts.OfferRequest>) => unary<ts.OfferRequest, ts.TableResponse>(table, "Offer", r),
  answerOffer: (r: PartialMessage<ts.AnswerOfferRequest>) =>
    unary<ts.AnswerOfferRequest, ts.TableResponse>(table, "AnswerOffer", r),
  getTable: (r: PartialMessage<ts.TableRef>) => unary<ts.TableRef, ts.TableResponse>(table, "GetTable", r),
  listFinishedGames: (r: PartialMessage<ts.TableRef>) =>
    unary<ts.TableRef, ts.ListFinishedGamesResponse>(table, "ListFinishedGames", r),

  createPlayer: (r: PartialMessage<ps.CreatePlayerRequest>) =>
    unary<ps.CreatePlayerRequest, ps.PlayerKeyResponse>(player, "CreatePlayer", r),
  getPlayer: (r: PartialMessage<ps.GetPlayerRequest>) =>
    unary<ps.GetPlayerRequest, ps.PlayerProfile>(player, "GetPlayer", r),
  renamePlayer: (r: PartialMessage<ps.RenamePlayerRequest>) =>
    unary<ps.RenamePlayerRequest, ps.PlayerProfile>(player, "RenamePlayer", r),
  startTransfer: (r: PartialMessage<ps.PlayerKey>) => unary<ps.PlayerKey, ps.TransferCode>(player, "StartTransfer", r),
  claimTransfer: (r: PartialMessage<ps.ClaimTransferRequest>) =>
    unary<ps.ClaimTransferRequest, ps.PlayerKeyResponse>(player, "ClaimTransfer", r),
  getStandings: (r: PartialMessage<ps.StandingsRequest>) =>
    unary<ps.StandingsRequest, ps.Standings>(player, "GetStandings", r),
  acceptSeek: (r: PartialMessage<ps.AcceptSeekRequest>) =>
    unary<ps.AcceptSeekRequest, ps.Pairing>(player, "AcceptSeek", r),
  getLobby: (r: PartialMessage<ps.LobbyRequest>) => unary<ps.LobbyRequest, ps.Lobby>(player, "GetLobby", r),
};

// Reads a method's stream of answers (server-sent events) until it ends.
// Resolves when the host ends it cleanly; rejects with the refusal that
// ended it, or with UNREACHABLE when the connection broke.
async function stream<O extends object>(
  service: ServiceType,
  name: string,
  input: object,
  onMessage: (message: O) => void,
  signal: AbortSignal,
): Promise<void> {
  const { url, method } = path(service, name);
  const response = await post(url, JSON.stringify(method.I.toJson(method.I.create(input as never))), signal);
  if (!response.ok || !response.body) {
    throw refusal(response.status, await response.json().catch(() => null));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (e) {
      if (signal.aborted) throw e;
      throw new ApiError("UNREACHABLE", String(e), undefined);
    }
    if (chunk.done) throw new ApiError("UNREACHABLE", "the stream broke off", undefined);
    buffered += chunk.value;
    let end: number;
    while ((end = buffered.indexOf("\n\n")) >= 0) {
      const message = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      let kind = "message";
      let data = "";
      for (const line of message.split("\n")) {
        if (line.startsWith("event: ")) kind = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      const json: unknown = JSON.parse(data);
      if (kind === "end") {
        if (json && typeof json === "object" && "code" in json) throw refusal(0, json);
        return;
      }
      onMessage(method.O.fromJson(json as never, { ignoreUnknownFields: true }) as O);
    }
  }
}

// A table's events (TableService/Watch), as `stream` reads them.
export function watch(
  request: PartialMessage<ts.WatchRequest>,
  onEvent: (event: TableEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  return stream<TableEvent>(table, "Watch", request, onEvent, signal);
}

// Play now (PlayerService/Seek): "open", then "paired" and the end.
export function seek(
  request: PartialMessage<ps.SeekRequest>,
  onEvent: (event: ps.SeekEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  return stream<ps.SeekEvent>(player, "Seek", request, onEvent, signal);
}
