// Play now (docs/players.md): a seek for an opponent who wants the same
// game, settings and kind of game, which lasts while the player waits; the
// lobby's open seeks, one of which the player may take; and, at the end of
// a game at a rated table, each player's rating change. A pairing sits the
// player down as a join does (sit_down), so the game is played by the same
// code as any table's.
#include "commands.h"
#include "game_settings.h"
#include "rules_view.h"
#include "seek_watch.h"
#include "session.h"

namespace game_client {

std::string Session::lobby_counts(const v1::GameLobby& lobby) const {
  return say("play_now.counts",
             {{"online", std::to_string(lobby.online())}, {"seeking", std::to_string(lobby.seeking())}});
}

Session::Next Session::play_now(Game& game, bool ask) {
  bool rated = !opt_.casual;
  if (ask) {
    if (!review_settings(game, say("play_now.settings_title"))) return Next::kMenu;
    auto yes = ask_yes_no(say("play_now.rated_question"), true);
    if (!yes) return Next::kMenu;
    rated = *yes;
  }
  v1::SeekRequest request;
  request.set_game_id(game.info.id());
  for (const v1::Setting& s : game.settings) *request.add_settings() = s;
  request.set_rated(rated);
  std::optional<v1::Pairing> pairing;
  bool quit = false;
  const auto f = as_player([&](const v1::PlayerKey& key) {
    *request.mutable_key() = key;
    return seek(request, &pairing, &quit);
  });
  if (!f) return Next::kMenu;
  if (*f) {
    error(explain_online(*f, &game));
    online_failed_ = true;
    return Next::kMenu;
  }
  if (pairing) return sit_paired(*pairing);
  return quit ? Next::kQuit : Next::kMenu;
}

Failure Session::seek(const v1::SeekRequest& request, std::optional<v1::Pairing>* pairing, bool* quit) {
  // Who else is here, as the lobby counts them (this player too, from now).
  v1::LobbyRequest here;
  here.set_game_id(request.game_id());
  *here.mutable_key() = request.key();
  v1::Lobby lobby;
  if (!host_.get_lobby(here, &lobby) && lobby.games_size() == 1) con_.line(lobby_counts(lobby.games(0)));
  con_.line(con_.style().paint(say("play_now.looking"), Tone::kHighlight));

  SeekWatch watch(host_, request);
  bool show_prompt = true;
  for (;;) {
    Console::Input in =
        con_.ask(show_prompt ? say("play_now.stop_prompt") + " " : std::string(), std::nullopt, watch.wake_fd());
    show_prompt = true;
    if (in.status == Console::Status::kWake) {
      std::vector<SeekWatch::Item> items = watch.take();
      show_prompt = !items.empty();
      if (show_prompt) con_.line();  // below the prompt
      for (SeekWatch::Item& item : items) {
        switch (item.kind) {
          case SeekWatch::Item::kPaired: *pairing = item.pairing; return {};
          case SeekWatch::Item::kLost: error(say("play_now.host_lost", {{"host", host_.address()}})); break;
          case SeekWatch::Item::kBack: con_.line(con_.style().paint(say("play_now.host_back"), Tone::kGood)); break;
          case SeekWatch::Item::kEnded: return item.failure;
        }
      }
      continue;
    }
    // Any answer, or the end of the input, stops looking. A pairing that
    // came first has already seated the player: the game is played.
    watch.stop();
    for (SeekWatch::Item& item : watch.take())
      if (item.kind == SeekWatch::Item::kPaired) {
        *pairing = item.pairing;
        return {};
      }
    const auto cmd = in.status == Console::Status::kLine ? parse_command(in.text, ui_) : std::nullopt;
    *quit = in.status == Console::Status::kEnd || (cmd && cmd->command == Command::kQuit);
    con_.line(say("play_now.stopped"));
    return {};
  }
}

Session::Next Session::sit_paired(const v1::Pairing& pairing) {
  v1::TableRef ref;
  ref.set_table_id(pairing.table_id());
  v1::TableResponse response;
  if (Failure f = host_.get_table(ref, &response)) {
    error(explain_online(f, nullptr));
    online_failed_ = true;
    return Next::kMenu;
  }
  std::vector<std::string> others;
  for (const v1::Seat& s : response.table().seats())
    if (s.number() != pairing.seat() && !s.name().empty()) others.push_back(s.name());
  con_.line(con_.style().paint(say("play_now.found", {{"names", join(others, ", ")}}), Tone::kGood));
  v1::SeatTicket ticket;
  ticket.set_seat(pairing.seat());
  ticket.set_token(pairing.token());
  return sit_down(response.table(), ticket);
}

std::string Session::seek_line(const Game& game, const v1::Seek& seek) const {
  const ClubPlayer* me = kept_player();
  const std::string name = me && me->player_id == seek.player_id()
                               ? say("online.you_mark", {{"name", seek.player_name()}})
                               : seek.player_name();
  const std::string clock =
      seek.time_per_turn_s() ? say("play_now.per_turn", {{"seconds", std::to_string(seek.time_per_turn_s())}})
                             : say("play_now.no_clock");
  std::string line = say("play_now.seek_line",
                         {{"name", name},
                          {"rating", rating_text(seek.rating()) + (seek.provisional() ? "?" : "")},
                          {"kind", say(seek.rated() ? "play_now.rated_short" : "play_now.casual_short")},
                          {"clock", clock}});
  // The settings that differ from the game's defaults, but the clock,
  // which has its own words.
  std::vector<std::string> settings;
  for (const v1::Setting& setting : seek.settings())
    if (const v1::SettingSpec* spec = find_spec(game.info, setting.id()); spec && setting.id() != kTimePerTurn)
      settings.push_back(spec->label() + ": " + value_label(*spec, setting.value()));
  if (!settings.empty()) line += " · " + join(settings, ", ");
  return line;
}

Session::Next Session::players_waiting(Game& game) {
  for (;;) {
    v1::LobbyRequest request;
    request.set_game_id(game.info.id());
    // Looking counts as being here, for a player this device already has.
    if (const ClubPlayer* me = kept_player()) *request.mutable_key() = key_of(*me);
    v1::Lobby lobby;
    Failure f = host_.get_lobby(request, &lobby);
    if (f.detail.reason() == "bad_player_key") {
      request.clear_key();
      f = host_.get_lobby(request, &lobby);
    }
    if (f || lobby.games_size() != 1) {
      if (f) error(explain_online(f, &game));
      return Next::kMenu;
    }
    const v1::GameLobby& here = lobby.games(0);
    con_.line();
    con_.line(con_.style().paint(say("play_now.open_seeks", {{"game", game.info.name()}}), Tone::kTitle));
    con_.line(lobby_counts(here));
    if (here.seeks().empty()) {
      con_.line(say("play_now.no_seeks"));
      return Next::kMenu;
    }
    for (int i = 0; i < here.seeks_size(); ++i) {
      const std::string line = seek_line(game, here.seeks(i));
      const std::string number = "  " + std::to_string(i + 1) + ". ";
      con_.line(wrap(line, opt_.width, number, std::string(number.size(), ' ')));
    }
    std::optional<int> chosen;
    while (!chosen) {
      auto in = con_.ask(say("play_now.which") + " ");
      if (in.status != Console::Status::kLine) return Next::kQuit;
      if (in.text.empty()) return Next::kMenu;
      if (auto cmd = parse_command(in.text, ui_);
          cmd && (cmd->command == Command::kMenu || cmd->command == Command::kBack || cmd->command == Command::kQuit))
        return cmd->command == Command::kQuit ? Next::kQuit : Next::kMenu;
      if (auto n = parse_number(in.text); n && *n >= 1 && *n <= here.seeks_size())
        chosen = n;
      else
        error(say("menu.bad_choice", {{"first", "1"}, {"last", std::to_string(here.seeks_size())}}));
    }
    v1::AcceptSeekRequest accept;
    accept.set_seek_id(here.seeks(*chosen - 1).seek_id());
    v1::Pairing pairing;
    const auto taken = as_player([&](const v1::PlayerKey& key) {
      *accept.mutable_key() = key;
      return host_.accept_seek(accept, &pairing);
    });
    if (!taken) return Next::kMenu;
    if (!*taken) return sit_paired(pairing);
    // Taken by someone quicker, one's own...: said, and the list again.
    error(explain_online(*taken, &game));
  }
}

void Session::show_rating_changes(Online& on, const v1::Table& t) {
  const std::uint32_t number = t.state().game_number();
  if (on.rated_game != number) {
    // Each player's page has the game as soon as the game is over: the
    // host writes both in one commit.
    std::vector<std::string> lines;
    for (const v1::Seat& s : t.seats()) {
      if (s.player_id().empty()) continue;
      v1::GetPlayerRequest request;
      request.set_player_id(s.player_id());
      v1::PlayerProfile profile;
      if (host_.get_player(request, &profile)) continue;  // the result stands without it
      const v1::RatedGame* g = rated_game_at(profile, t.table_id(), number);
      // Not rated (ended too soon, the day's limit between them): no change.
      if (!g || !g->counted()) continue;
      lines.push_back(say("online.rating_change", {{"name", s.name()},
                                                   {"before", rating_text(g->rating_before())},
                                                   {"after", rating_text(g->rating_after())},
                                                   {"change", rating_change(g->rating_before(), g->rating_after())}}));
    }
    if (lines.empty()) return;  // asked again when the end is shown again
    on.rated_game = number;
    on.rating_lines = std::move(lines);
  }
  for (const std::string& line : on.rating_lines) con_.line(con_.style().paint(line, Tone::kHighlight));
}

}  // namespace game_client
