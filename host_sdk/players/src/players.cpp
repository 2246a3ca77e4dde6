#include "boardgame/players/players.h"

#include <algorithm>
#include <cctype>
#include <exception>

#include "boardgame/players/display_name.h"
#include "boardgame/players/rated_result.h"
#include "boardgame/tables/secrets.h"
#include "player_errors.h"

namespace boardgame::players {

namespace {

bool well_formed_id(const std::string& id) {
  return id.size() == 16 && std::all_of(id.begin(), id.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
         });
}

// The code as shown: two groups of four, easier to read out.
std::string shown_code(const std::string& code) { return code.substr(0, 4) + "-" + code.substr(4); }

// Runs a store call; a store that fails answers UNAVAILABLE "store_failed".
template <class Call>
grpc::Status stored(const Call& call) {
  try {
    return call();
  } catch (const std::exception& error) {
    return refuse::store_failed(error.what());
  }
}

}  // namespace

Players::Players(PlayerStore& store, const tables::Clock& clock, std::vector<std::string> game_ids,
                 PlayersOptions options)
    : store_(store),
      clock_(clock),
      game_ids_(std::move(game_ids)),
      options_(options),
      guesses_(options.max_guesses, options.guess_window_ms) {}

grpc::Status Players::create(const v1::CreatePlayerRequest& request,
                             v1::PlayerKeyResponse* response) {
  const NameCheck name = check_display_name(request.name());
  if (!name.ok()) return refuse::bad_name(name.problem);
  StoredPlayer player{tables::new_player_id(), name.name, {}, clock_.now_ms()};
  const std::string secret = tables::new_token();
  player.secret_hash = tables::secret_hash(secret);
  return stored([&] {
    store_.add_player(player);
    response->mutable_key()->set_player_id(player.player_id);
    response->mutable_key()->set_secret(secret);
    return profile(player, response->mutable_profile());
  });
}

grpc::Status Players::get(const v1::GetPlayerRequest& request, v1::PlayerProfile* response) {
  if (!well_formed_id(request.player_id())) return refuse::bad_player_id();
  return stored([&] {
    const std::optional<StoredPlayer> player = store_.player(request.player_id());
    if (!player) return refuse::unknown_player(request.player_id());
    return profile(*player, response);
  });
}

grpc::Status Players::rename(const v1::RenamePlayerRequest& request, v1::PlayerProfile* response) {
  const NameCheck name = check_display_name(request.name());
  if (!name.ok()) return refuse::bad_name(name.problem);
  StoredPlayer player;
  if (const grpc::Status s = check_key(request.key(), &player); !s.ok()) return s;
  return stored([&] {
    if (!store_.rename_player(player.player_id, name.name)) return refuse::bad_player_key();
    player.name = name.name;
    return profile(player, response);
  });
}

grpc::Status Players::start_transfer(const v1::PlayerKey& key, v1::TransferCode* response) {
  StoredPlayer player;
  if (const grpc::Status s = check_key(key, &player); !s.ok()) return s;
  const std::string code = tables::new_invite_code(tables::kTransferCodeLength);
  const std::int64_t expires_ms = clock_.now_ms() + options_.transfer_ms;
  return stored([&] {
    store_.put_transfer(player.player_id, tables::secret_hash(code), expires_ms);
    response->set_code(shown_code(code));
    response->set_expires_ms(expires_ms);
    return grpc::Status::OK;
  });
}

grpc::Status Players::claim_transfer(const v1::ClaimTransferRequest& request,
                                     const std::string& caller, v1::PlayerKeyResponse* response) {
  const std::string code = tables::normal_invite_code(request.code(), tables::kTransferCodeLength);
  // A code of the wrong shape is a typing slip, not a guess.
  if (code.empty()) return refuse::bad_transfer_code();
  if (const std::int64_t wait = guesses_.wait_ms(caller, clock_.now_ms()))
    return refuse::too_many_transfer_guesses(guesses_.max_misses(), tables::wait_seconds(wait));
  const std::string secret = tables::new_token();
  return stored([&] {
    const std::optional<std::string> player_id =
        store_.claim_transfer(tables::secret_hash(code), tables::secret_hash(secret),
                              clock_.now_ms());
    if (!player_id) {
      guesses_.missed(caller, clock_.now_ms());
      return refuse::unknown_transfer_code();
    }
    const std::optional<StoredPlayer> player = store_.player(*player_id);
    if (!player) return refuse::unknown_player(*player_id);
    response->mutable_key()->set_player_id(*player_id);
    response->mutable_key()->set_secret(secret);
    return profile(*player, response->mutable_profile());
  });
}

grpc::Status Players::standings(const v1::StandingsRequest& request, v1::Standings* response) {
  if (std::find(game_ids_.begin(), game_ids_.end(), request.game_id()) == game_ids_.end())
    return refuse::unknown_game(request.game_id());
  const std::size_t limit =
      request.limit() == 0 ? kMaxStandings : std::min<std::size_t>(request.limit(), kMaxStandings);
  return stored([&] {
    response->set_game_id(request.game_id());
    for (v1::Standing& standing :
         store_.standings(request.game_id(), request.include_provisional(), limit))
      *response->add_standings() = std::move(standing);
    return grpc::Status::OK;
  });
}

grpc::Status Players::identify(const v1::PlayerKey& key, std::string* name) {
  StoredPlayer player;
  if (const grpc::Status s = check_key(key, &player); !s.ok()) return s;
  *name = player.name;
  return grpc::Status::OK;
}

v1::PlayerRating Players::rating(const std::string& player_id, const std::string& game_id) {
  for (v1::PlayerRating& rating : store_.ratings(player_id))
    if (rating.game_id() == game_id) return rating;
  return first_rating(game_id);
}

grpc::Status Players::check_key(const v1::PlayerKey& key, StoredPlayer* player) {
  if (!well_formed_id(key.player_id())) return refuse::bad_player_id();
  return stored([&] {
    std::optional<StoredPlayer> found = store_.player(key.player_id());
    // An unknown id and a wrong secret answer alike: the answer tells a
    // guesser nothing about which ids exist.
    if (!found || !tables::matches_hash(key.secret(), found->secret_hash))
      return refuse::bad_player_key();
    *player = std::move(*found);
    return grpc::Status::OK;
  });
}

grpc::Status Players::profile(const StoredPlayer& player, v1::PlayerProfile* response) {
  response->set_player_id(player.player_id);
  response->set_name(player.name);
  response->set_created_ms(player.created_ms);
  for (v1::PlayerRating& rating : store_.ratings(player.player_id))
    *response->add_ratings() = std::move(rating);
  for (v1::RatedGame& game : store_.rated_games(player.player_id, kProfileGames))
    *response->add_recent_games() = std::move(game);
  return grpc::Status::OK;
}

}  // namespace boardgame::players
