#include "boardgame/players/seeks.h"

#include <algorithm>
#include <array>
#include <exception>
#include <set>

#include <google/protobuf/util/message_differencer.h>

#include "boardgame/tables/secrets.h"
#include "player_errors.h"

namespace boardgame::players {

namespace {

bool within(double rating, std::uint32_t min, std::uint32_t max) {
  return (min == 0 || rating >= min) && (max == 0 || rating <= max);
}

bool same_settings(const v1::Seek& a, const v1::Seek& b) {
  if (a.settings_size() != b.settings_size()) return false;
  for (int i = 0; i < a.settings_size(); ++i)
    if (!google::protobuf::util::MessageDifferencer::Equals(a.settings(i), b.settings(i)))
      return false;
  return true;
}

}  // namespace

Seeks::Seeks(Players& players, tables::TableHost& tables, const tables::Clock& clock,
             SeeksOptions options)
    : players_(players),
      tables_(tables),
      clock_(clock),
      options_(options),
      game_ids_(players.game_ids()) {}

bool Seeks::compatible(const v1::Seek& a, const v1::Seek& b) {
  if (a.player_id() == b.player_id() || a.game_id() != b.game_id() || a.rated() != b.rated() ||
      !same_settings(a, b))
    return false;
  return !a.rated() || (within(b.rating(), a.min_rating(), a.max_rating()) &&
                        within(a.rating(), b.min_rating(), b.max_rating()));
}

grpc::Status Seeks::seeker(const v1::PlayerKey& key, const std::string& game_id, v1::Seek* seek) {
  std::string name;
  if (const grpc::Status s = players_.identify(key, &name); !s.ok()) return s;
  seek->set_player_id(key.player_id());
  seek->set_player_name(name);
  try {
    const v1::PlayerRating rating = players_.rating(key.player_id(), game_id);
    seek->set_rating(rating.rating());
    seek->set_provisional(rating.provisional());
  } catch (const std::exception& error) {
    return refuse::store_failed(error.what());
  }
  seen(key.player_id(), game_id);
  return grpc::Status::OK;
}

grpc::Status Seeks::open(const v1::SeekRequest& request, std::shared_ptr<Listener> listener,
                         v1::Seek* opened) {
  v1::GameState first;
  if (const grpc::Status s = tables_.first_game(request.game_id(), request.settings(), &first);
      !s.ok())
    return s;
  if (!request.rated() && (request.min_rating() || request.max_rating()))
    return refuse::bad_rating_range("a casual seek has no rating range");
  if (request.min_rating() && request.max_rating() && request.min_rating() > request.max_rating())
    return refuse::bad_rating_range("the lowest rating is above the highest");
  Waiting waiting;
  v1::Seek& seek = waiting.seek;
  if (const grpc::Status s = seeker(request.key(), request.game_id(), &seek); !s.ok()) return s;
  seek.set_seek_id(tables::new_table_id());
  seek.set_game_id(request.game_id());
  *seek.mutable_settings() = first.settings();
  seek.set_time_per_turn_s(tables::time_per_turn_s(first));
  seek.set_rated(request.rated());
  seek.set_min_rating(request.min_rating());
  seek.set_max_rating(request.max_rating());
  seek.set_created_ms(clock_.now_ms());
  waiting.listener = std::move(listener);

  std::unique_lock lock(mutex_);
  const auto match = std::find_if(open_.begin(), open_.end(), [&](const Waiting& other) {
    return compatible(other.seek, seek);
  });
  if (match != open_.end()) {
    Waiting other = std::move(*match);
    open_.erase(match);
    lock.unlock();
    pair(std::move(other), std::move(waiting));
    return grpc::Status::OK;
  }
  const auto own = std::count_if(open_.begin(), open_.end(), [&](const Waiting& other) {
    return other.seek.player_id() == seek.player_id();
  });
  if (std::size_t(own) >= options_.max_per_player)
    return refuse::too_many_seeks(options_.max_per_player, "this player has");
  if (open_.size() >= options_.max_open)
    return refuse::too_many_seeks(options_.max_open, "the host has");
  *opened = seek;
  open_.push_back(std::move(waiting));
  return grpc::Status::OK;
}

void Seeks::cancel(const std::string& seek_id) {
  std::lock_guard lock(mutex_);
  open_.remove_if([&](const Waiting& waiting) { return waiting.seek.seek_id() == seek_id; });
}

grpc::Status Seeks::accept(const v1::AcceptSeekRequest& request,
                           std::shared_ptr<Listener> listener) {
  std::unique_lock lock(mutex_);
  auto found = std::find_if(open_.begin(), open_.end(), [&](const Waiting& waiting) {
    return waiting.seek.seek_id() == request.seek_id();
  });
  if (found == open_.end()) return refuse::unknown_seek(request.seek_id());
  const v1::Seek wanted = found->seek;
  lock.unlock();
  // The taker plays the seek's game as the seek wants it.
  Waiting taker;
  taker.seek = wanted;
  if (const grpc::Status s = seeker(request.key(), wanted.game_id(), &taker.seek); !s.ok())
    return s;
  if (taker.seek.player_id() == wanted.player_id()) return refuse::own_seek();
  if (wanted.rated() && !within(taker.seek.rating(), wanted.min_rating(), wanted.max_rating()))
    return refuse::rating_out_of_range(wanted.min_rating(), wanted.max_rating());
  taker.listener = std::move(listener);
  lock.lock();
  // Taken by someone else while the store answered.
  found = std::find_if(open_.begin(), open_.end(), [&](const Waiting& waiting) {
    return waiting.seek.seek_id() == request.seek_id();
  });
  if (found == open_.end()) return refuse::unknown_seek(request.seek_id());
  Waiting seeker = std::move(*found);
  open_.erase(found);
  lock.unlock();
  pair(std::move(seeker), std::move(taker));
  return grpc::Status::OK;
}

void Seeks::pair(Waiting a, Waiting b) {
  bool swap;
  {
    std::lock_guard lock(mutex_);
    swap = coin_() & 1;
  }
  if (swap) std::swap(a, b);
  v1::CreateTableRequest create;
  create.set_game_id(a.seek.game_id());
  *create.mutable_settings() = a.seek.settings();
  create.set_rated(a.seek.rated());
  for (int seat = 0; seat < 2; ++seat) create.add_seats()->set_kind(v1::SeatPlan::PERSON);
  // Both were identified when they sought: seated at once, in one commit.
  const std::vector<tables::SeatedPlayer> players{{a.seek.player_id(), a.seek.player_name()},
                                                  {b.seek.player_id(), b.seek.player_name()}};
  std::array<std::shared_ptr<Listener>, 2> listeners{std::move(a.listener), std::move(b.listener)};
  tables_.create_seated(create, players,
                        [listeners](const grpc::Status& status, tables::OpenedTable opened) {
                          for (std::size_t i = 0; i < listeners.size(); ++i) {
                            v1::Pairing pairing;
                            if (status.ok()) {
                              pairing.set_table_id(opened.table.table_id());
                              pairing.set_seat(opened.tickets[i].seat());
                              pairing.set_token(opened.tickets[i].token());
                            }
                            listeners[i]->paired(status, pairing);
                          }
                        });
}

grpc::Status Seeks::lobby(const v1::LobbyRequest& request, v1::Lobby* lobby) {
  if (!request.game_id().empty() &&
      std::find(game_ids_.begin(), game_ids_.end(), request.game_id()) == game_ids_.end())
    return refuse::unknown_game(request.game_id());
  if (request.has_key()) {
    std::string name;
    if (const grpc::Status s = players_.identify(request.key(), &name); !s.ok()) return s;
    seen(request.key().player_id(), request.game_id());
  }
  const std::int64_t since = clock_.now_ms() - options_.online_ms;
  std::lock_guard lock(mutex_);
  for (const std::string& game_id : game_ids_) {
    if (!request.game_id().empty() && game_id != request.game_id()) continue;
    v1::GameLobby& game = *lobby->add_games();
    game.set_game_id(game_id);
    std::set<std::string> online, seeking;
    for (const auto& [player_id, games] : seen_)
      for (const auto& [seen_game, at] : games)
        if (at > since && (seen_game.empty() || seen_game == game_id)) online.insert(player_id);
    for (const Waiting& waiting : open_) {
      if (waiting.seek.game_id() != game_id) continue;
      seeking.insert(waiting.seek.player_id());
      *game.add_seeks() = waiting.seek;
    }
    online.insert(seeking.begin(), seeking.end());
    game.set_online(std::uint32_t(online.size()));
    game.set_seeking(std::uint32_t(seeking.size()));
  }
  return grpc::Status::OK;
}

void Seeks::seen(const std::string& player_id, const std::string& game_id) {
  std::lock_guard lock(mutex_);
  const std::int64_t now = clock_.now_ms();
  // Forget who left long ago, so that the map holds about a minute's players.
  if (seen_.size() > 10'000) {
    for (auto it = seen_.begin(); it != seen_.end();) {
      bool recent = false;
      for (const auto& [game, at] : it->second) recent |= at > now - options_.online_ms;
      it = recent ? std::next(it) : seen_.erase(it);
    }
  }
  seen_[player_id][game_id] = now;
}

}  // namespace boardgame::players
