#include "boardgame/host/rules_site.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <variant>

#include "boardgame/rules/negotiation.h"
#include "boardgame/rules/page.h"
#include "boardgame/v1/game_service.pb.h"

namespace boardgame::host {

namespace {

using Page = RulesSite::Page;

Page plain(int status, std::string text) {
  return {status, "text/plain; charset=utf-8", "", std::move(text) + "\n"};
}

// A game id as the plugins spell them; anything else (dots, slashes, escapes)
// never reaches a plugin.
bool plausible_game_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id)
    if (!(std::islower(static_cast<unsigned char>(c)) ||
          std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '-'))
      return false;
  return true;
}

// The path is decoded before it is split, which would make "uttt%2Fes" two
// segments; an escaped '/' is data, and no game id or tag holds one.
bool has_escaped_slash(const std::string& target) {
  const std::string path = target.substr(0, target.find('?'));
  for (auto at = path.find('%'); at != std::string::npos; at = path.find('%', at + 1))
    if (path.compare(at + 1, 2, "2F") == 0 || path.compare(at + 1, 2, "2f") == 0) return true;
  return false;
}

// The path's segments, without empty ones at the end (a trailing slash).
std::vector<std::string> segments(const std::string& path) {
  std::vector<std::string> parts;
  for (std::size_t from = 1; from <= path.size();) {
    const std::size_t end = std::min(path.find('/', from), path.size());
    parts.push_back(path.substr(from, end - from));
    from = end + 1;
  }
  while (!parts.empty() && parts.back().empty()) parts.pop_back();
  return parts;
}

HttpResponse answer_of(const Page& page, const HttpRequest& q) {
  HttpResponse response;
  response.status = page.status;
  response.content_type = page.content_type;
  if (!page.content_language.empty())
    response.headers.emplace_back("Content-Language", page.content_language);
  response.headers.emplace_back("Vary", "Accept-Language");
  if (page.status != 200) {
    response.body = page.body;
    return response;
  }
  // The same plugins give the same bytes: a reload costs a 304.
  const std::string etag = etag_of(page.body);
  response.headers.emplace_back("ETag", etag);
  response.headers.emplace_back("Cache-Control", "no-cache");
  if (etag_matches(q.header("if-none-match"), etag))
    response.status = 304;
  else
    response.body = page.body;
  return response;
}

std::string strings_json(const v1::GetRulesResponse& rules) {
  nlohmann::ordered_json strings = nlohmann::ordered_json::object();
  for (const auto& text : rules.document().ui_strings()) strings[text.key()] = text.text();
  return nlohmann::ordered_json{{"locale", rules.locale()}, {"strings", strings}}.dump() + "\n";
}

// The language ranges to try, best first: the one the request names, or
// those of Accept-Language, or else the fallback. Each is looked up like any
// other request; the first that a game publishes (itself or a shorter form)
// wins.
std::variant<Page, std::vector<std::string>> wanted_languages(const std::string& lang,
                                                              const std::string& accept_language) {
  std::vector<std::string> wanted;
  if (!lang.empty()) {
    wanted.push_back(lang);
  } else if (!accept_language.empty()) {
    auto ranges = rules::parse_accept_language(accept_language);
    if (!ranges) return plain(400, ranges.error);
    for (const auto& range : ranges.value) {
      if (range.weight == 0 || range.tag == "*") break;
      wanted.push_back(range.tag);
    }
  }
  if (wanted.empty()) wanted.emplace_back(rules::kFallbackLocale);
  return wanted;
}

// The game's rules in the first wanted language it publishes, else in the
// fallback; or the error page.
std::variant<Page, v1::GetRulesResponse> rules_in(const GamePlugin& plugin,
                                                  const std::vector<std::string>& wanted) {
  v1::GetRulesResponse found;
  for (const std::string& tag : wanted) {
    v1::GetRulesRequest request;
    request.set_game_id(plugin.game_id());
    request.set_locale(tag);
    v1::GetRulesResponse response;
    const grpc::Status status = plugin.call(&BoardgamePlugin::get_rules, request, &response);
    if (status.error_code() == grpc::INVALID_ARGUMENT)
      return plain(400, "language '" + tag + "': " + status.error_message());
    if (!status.ok())
      return plain(500, "the game '" + plugin.game_id() +
                            "' could not give its rules: " + status.error_message());
    // A fallback answer only counts when nothing better comes later.
    const bool exact = response.locale() != rules::kFallbackLocale ||
                       tag.compare(0, 2, rules::kFallbackLocale) == 0;
    if (found.locale().empty() || exact) found = std::move(response);
    if (exact) break;
  }
  return found;
}

bool publishes_rules(const GamePlugin& plugin) {
  return plugin.abi_revision() >= 1 && plugin.entry().get_rules;
}

}  // namespace

RulesSite::RulesSite(std::vector<GamePlugin> games) : games_(std::move(games)) {}

HttpResponse RulesSite::route(const HttpRequest& q) const {
  if (q.method != "GET" && q.method != "HEAD") {
    return only_get_and_head();
  }
  if (has_escaped_slash(q.target))
    return text_answer(400, "an escaped '/' (%2F) is not allowed in a rules path");
  const std::vector<std::string> parts = segments(q.path);
  if (parts.empty())
    return redirect_to(
        302, q.has_param("lang") ? "/rules?lang=" + percent_encode(q.param("lang")) : "/rules");
  const std::string accept_language = q.header("accept-language");
  if (parts[0] == "rules" && parts.size() == 1)
    return answer_of(index(q.param("lang"), accept_language), q);
  if (parts[0] == "rules" && parts.size() == 2)
    return answer_of(get(parts[1], q.param("lang"), q.param("format"), accept_language), q);
  if (parts[0] == "rules" && parts.size() == 3) {
    if (q.has_param("lang"))
      return text_answer(400, "give the language once: in the path or as ?lang=, not both");
    return answer_of(get(parts[1], parts[2], q.param("format"), accept_language), q);
  }
  return text_answer(404, "no such page; rule pages are at /rules/<game>/<lang>");
}

Page RulesSite::get(const std::string& game, const std::string& lang, const std::string& format,
                    const std::string& accept_language) const {
  if (format != "" && format != "html" && format != "md" && format != "strings")
    return plain(400, "unknown format '" + format + "': use html, md or strings");
  if (!plausible_game_id(game)) return plain(404, "no game has that id");
  const GamePlugin* plugin = nullptr;
  for (const GamePlugin& g : games_)
    if (g.game_id() == game) plugin = &g;
  if (!plugin) return plain(404, "unknown game '" + game + "'");
  if (!publishes_rules(*plugin))
    return plain(404, "the game '" + game + "' publishes no rules pages");

  auto wanted = wanted_languages(lang, accept_language);
  if (auto* refused = std::get_if<Page>(&wanted)) return *refused;
  auto rules = rules_in(*plugin, std::get<std::vector<std::string>>(wanted));
  if (auto* refused = std::get_if<Page>(&rules)) return *refused;
  const auto& found = std::get<v1::GetRulesResponse>(rules);
  if (format == "strings")
    return {200, "application/json", found.locale(), strings_json(found)};
  if (format == "md")
    return {200, "text/markdown; charset=utf-8", found.locale(),
            rules::render_markdown(found.document())};
  return {200, "text/html; charset=utf-8", found.locale(), rules::render_html(found.document())};
}

Page RulesSite::index(const std::string& lang, const std::string& accept_language) const {
  auto wanted = wanted_languages(lang, accept_language);
  if (auto* refused = std::get_if<Page>(&wanted)) return *refused;
  std::vector<rules::IndexEntry> entries;
  std::string locale, heading;
  for (const GamePlugin& plugin : games_) {
    if (!publishes_rules(plugin)) continue;
    auto rules = rules_in(plugin, std::get<std::vector<std::string>>(wanted));
    if (auto* refused = std::get_if<Page>(&rules)) return *refused;
    const auto& found = std::get<v1::GetRulesResponse>(rules);
    // The index speaks the language of its first game; its heading is the
    // club's (localization/club/), set into every game's catalogue.
    if (locale.empty()) {
      locale = found.locale();
      for (const auto& text : found.document().ui_strings())
        if (text.key() == "club.rules_index") heading = text.text();
    }
    entries.push_back({found.document().title(), found.document().tagline(),
                       "/rules/" + plugin.game_id() + "/" + found.locale()});
  }
  if (entries.empty()) return plain(404, "no game on this host publishes rules pages");
  return {200, "text/html; charset=utf-8", locale,
          rules::render_html_index(locale, heading.empty() ? "Rules" : heading, entries)};
}

}  // namespace boardgame::host
