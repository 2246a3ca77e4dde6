// Who plays online from this device: the club's player (docs/players.md),
// made at the first online step with the name for tables (--name, or
// asked), renamed by a new --name, kept in the data file per host, sent as
// a key with every seat taken, and moved to another device with a transfer
// code; and the device's own id, for the seats taken before it had a
// player. The player's ratings and the standings are shown in
// player_pages.cpp, Play now in play_now.cpp.
#include <algorithm>

#include "session.h"

namespace game_client {

const std::string& Session::device_id() {
  if (!valid_device_id(data_.device_id)) {
    data_.device_id = make_device_id();
    save();
  }
  return data_.device_id;
}

std::optional<std::string> Session::player_name_for_tables() {
  if (!opt_.name.empty()) {
    if (valid_player_name(opt_.name)) {
      if (data_.player_name != opt_.name) {
        data_.player_name = opt_.name;
        save();
      }
      return opt_.name;
    }
    error(say("online.error.bad_name"));
    opt_.name.clear();
  }
  for (;;) {
    auto in = con_.ask((data_.player_name.empty() ? say("online.name_prompt_new")
                                                  : say("online.name_prompt", {{"default", data_.player_name}})) +
                       " ");
    if (in.status != Console::Status::kLine) return std::nullopt;
    const std::string name = in.text.empty() ? data_.player_name : in.text;
    if (name.empty()) return std::nullopt;  // Enter with no name known: back
    if (!valid_player_name(name)) {
      error(say("online.error.bad_name"));
      continue;
    }
    data_.player_name = name;
    opt_.name = name;
    save();
    return name;
  }
}

const ClubPlayer* Session::kept_player() const {
  for (const ClubPlayer& p : data_.players)
    if (p.host == host_.address()) return &p;
  return nullptr;
}

ClubPlayer* Session::kept_player() {
  return const_cast<ClubPlayer*>(static_cast<const Session*>(this)->kept_player());
}

void Session::keep_player(const v1::PlayerKeyResponse& made) {
  forget_player();
  data_.players.push_back({host_.address(), made.key().player_id(), made.key().secret(), made.profile().name(), false});
  // The name the host gave the player is the name at tables from now on.
  if (valid_player_name(made.profile().name())) data_.player_name = made.profile().name();
  save();
}

void Session::forget_player() {
  auto& players = data_.players;
  const auto before = players.size();
  players.erase(std::remove_if(players.begin(), players.end(),
                               [&](const ClubPlayer& p) { return p.host == host_.address(); }),
                players.end());
  if (players.size() != before) save();
}

std::optional<Failure> Session::as_player(const std::function<Failure(const v1::PlayerKey&)>& call) {
  std::string remade;  // the name of a player the host no longer knew
  for (;;) {
    Failure f;
    if (ClubPlayer* player = kept_player()) {
      // A name given anew (--name) renames the player; seats already taken
      // keep the name they were taken with.
      if (!opt_.name.empty() && opt_.name != player->name) {
        v1::RenamePlayerRequest request;
        *request.mutable_key() = key_of(*player);
        request.set_name(opt_.name);
        v1::PlayerProfile renamed;
        if (!(f = host_.rename_player(request, &renamed))) {
          player->name = renamed.name();
          data_.player_name = renamed.name();
          save();
        } else if (f.detail.reason() == "bad_name") {
          // The player keeps the name it has.
          error(explain_online(f, nullptr));
          opt_.name.clear();
          f = {};
        }
      }
    } else {
      const std::optional<std::string> name = remade.empty() ? player_name_for_tables() : remade;
      if (!name) return std::nullopt;
      v1::CreatePlayerRequest request;
      request.set_name(*name);
      v1::PlayerKeyResponse made;
      if (!(f = host_.create_player(request, &made))) {
        keep_player(made);
      } else if (f.detail.reason() == "bad_name") {
        // The host's rules are stricter than this device's (invisible
        // characters, names posing as the computer's): asked again.
        error(explain_online(f, nullptr));
        opt_.name.clear();
        data_.player_name.clear();
        remade.clear();
        continue;
      }
    }
    if (!f) f = call(key_of(*kept_player()));
    if (f.detail.reason() != "bad_player_key" || !kept_player()) return f;
    const bool moved = kept_player()->moving_out;
    const std::string name = kept_player()->name;
    forget_player();
    if (moved || !remade.empty()) return f;
    // A host that no longer knows the player (a new host at this address):
    // a new player, with the same name, once.
    con_.line(con_.style().paint(say("player.made_again", {{"host", host_.address()}}), Tone::kHighlight));
    remade = name;
  }
}

bool Session::transfer_out() {
  if (!kept_player()) {
    error(say("player.none"));
    return false;
  }
  v1::TransferCode code;
  const auto f = as_player([&](const v1::PlayerKey& key) { return host_.start_transfer(key, &code); });
  if (!f) return false;
  if (*f) {
    error(explain_online(*f, nullptr));
    return false;
  }
  // From now on a refused key means the player moved.
  if (ClubPlayer* player = kept_player()) player->moving_out = true;
  save();
  con_.line(con_.style().paint(say("transfer.code", {{"code", code.code()}}), Tone::kTitle));
  con_.line(say("transfer.explain"));
  show_command(say("transfer.how"), invite_command("--transfer-in", code.code()));
  return true;
}

bool Session::transfer_in(const std::string& code) {
  v1::ClaimTransferRequest request;
  request.set_code(code);
  v1::PlayerKeyResponse moved;
  if (Failure f = host_.claim_transfer(request, &moved)) {
    error(explain_online(f, nullptr));
    return false;
  }
  const ClubPlayer* before = kept_player();
  const std::string replaced = before && before->player_id != moved.key().player_id() ? before->name : "";
  keep_player(moved);
  con_.line(con_.style().paint(say("transfer.done", {{"name", moved.profile().name()}}), Tone::kGood));
  if (!replaced.empty()) con_.line(say("transfer.replaced", {{"name", replaced}}));
  return true;
}

std::optional<int> Session::run_player_option() {
  if (opt_.transfer_out) return transfer_out() ? 0 : 1;
  if (!opt_.transfer_in.empty()) return transfer_in(opt_.transfer_in) ? 0 : 1;
  if (opt_.player_page) return show_player(*opt_.player_page) ? 0 : 1;
  if (opt_.standings) {
    // The game named, else --game, else the club's flagship, else the first.
    std::string game_id = !opt_.standings->empty() ? *opt_.standings : opt_.game_id;
    if (game_id.empty()) game_id = served(kFlagshipGame) ? kFlagshipGame : games_.front().id();
    if (!served(game_id)) {
      error(unknown_game(game_id));
      return 2;
    }
    return show_standings(game_id) ? 0 : 1;
  }
  return std::nullopt;
}

}  // namespace game_client
