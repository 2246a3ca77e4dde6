#include "boardgame/host/rules_site.h"

#include <httplib.h>

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
    if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
          c == '_' || c == '-'))
      return false;
  return true;
}

// httplib decodes the path before routing, which would split "uttt%2Fes" in
// two segments; an escaped '/' is data, and no game id or tag holds one.
bool has_escaped_slash(const std::string& target) {
  const std::string path = target.substr(0, target.find('?'));
  for (auto at = path.find('%'); at != std::string::npos; at = path.find('%', at + 1))
    if (path.compare(at + 1, 2, "2F") == 0 || path.compare(at + 1, 2, "2f") == 0) return true;
  return false;
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

RulesSite::RulesSite(std::vector<GamePlugin> games)
    : games_(std::move(games)), server_(std::make_unique<httplib::Server>()) {
  auto respond = [this](const httplib::Request& request, httplib::Response& response,
                        const std::string& game, const std::string& lang) {
    const Page page = get(game, lang, request.get_param_value("format"),
                          request.get_header_value("Accept-Language"));
    response.status = page.status;
    if (!page.content_language.empty())
      response.set_header("Content-Language", page.content_language);
    response.set_header("Vary", "Accept-Language");
    response.set_content(page.body, page.content_type.c_str());
  };
  // A trailing slash reads the same as none.
  server_->Get(R"(/)", [](const httplib::Request& q, httplib::Response& r) {
    r.set_redirect(q.has_param("lang") ? "/rules?lang=" + httplib::detail::encode_query_param(
                                                             q.get_param_value("lang"))
                                       : "/rules");
  });
  server_->Get(R"(/rules/?)", [this](const httplib::Request& q, httplib::Response& r) {
    const Page page = index(q.get_param_value("lang"), q.get_header_value("Accept-Language"));
    r.status = page.status;
    if (!page.content_language.empty()) r.set_header("Content-Language", page.content_language);
    r.set_header("Vary", "Accept-Language");
    r.set_content(page.body, page.content_type.c_str());
  });
  server_->Get(R"(/rules/([^/]+)/?)", [respond](const httplib::Request& q, httplib::Response& r) {
    respond(q, r, q.matches[1], q.get_param_value("lang"));
  });
  server_->Get(R"(/rules/([^/]+)/([^/]+)/?)", [respond](const httplib::Request& q,
                                                        httplib::Response& r) {
    if (q.has_param("lang")) {
      r.status = 400;
      r.set_content("give the language once: in the path or as ?lang=, not both\n",
                    "text/plain; charset=utf-8");
      return;
    }
    respond(q, r, q.matches[1], q.matches[2]);
  });
  server_->set_pre_routing_handler([](const httplib::Request& q, httplib::Response& r) {
    if (!has_escaped_slash(q.target)) return httplib::Server::HandlerResponse::Unhandled;
    r.status = 400;
    r.set_content("an escaped '/' (%2F) is not allowed in a rules path\n",
                  "text/plain; charset=utf-8");
    return httplib::Server::HandlerResponse::Handled;
  });
  server_->set_error_handler([](const httplib::Request&, httplib::Response& r) {
    if (!r.body.empty()) return;
    r.set_content(r.status == 404   ? "no such page; rule pages are at /rules/<game>/<lang>\n"
                  : r.status == 414 ? "the URL is longer than " +
                                          std::to_string(CPPHTTPLIB_REQUEST_URI_MAX_LENGTH) +
                                          " bytes\n"
                                    : "request refused\n",
                  "text/plain; charset=utf-8");
  });
}

RulesSite::~RulesSite() = default;

int RulesSite::bind(const std::string& host, int port) {
  return port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
}

void RulesSite::serve() { server_->listen_after_bind(); }

void RulesSite::stop() { server_->stop(); }

Page RulesSite::get(const std::string& game, const std::string& lang, const std::string& format,
                    const std::string& accept_language) const {
  if (format != "" && format != "html" && format != "md")
    return plain(400, "unknown format '" + format + "': use html or md");
  if (!plausible_game_id(game)) return plain(404, "no game has that id");
  const GamePlugin* plugin = nullptr;
  for (const GamePlugin& g : games_)
    if (g.game_id() == game) plugin = &g;
  if (!plugin) return plain(404, "unknown game '" + game + "'");
  if (!publishes_rules(*plugin)) return plain(404, "the game '" + game + "' publishes no rules pages");

  auto wanted = wanted_languages(lang, accept_language);
  if (auto* refused = std::get_if<Page>(&wanted)) return *refused;
  auto rules = rules_in(*plugin, std::get<std::vector<std::string>>(wanted));
  if (auto* refused = std::get_if<Page>(&rules)) return *refused;
  const auto& found = std::get<v1::GetRulesResponse>(rules);
  if (format == "md")
    return {200, "text/markdown; charset=utf-8", found.locale(), rules::render_markdown(found.document())};
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
