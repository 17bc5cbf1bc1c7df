//! The server's integration tests, in one test binary: each file is a module
//! here, so the release build links one binary instead of one per file (each
//! link runs the release profile's LTO over the whole server).
//!
//! `cargo test --release -p battaglie-server --test server FILTER` runs some:
//! `chat::` for one file, `postgres::` for the PostgreSQL halves.

#[macro_use]
mod support;
mod browser_support;

mod abort;
mod accounts;
mod analysis;
mod analysis_of_live_games;
mod analysis_workload;
mod api;
mod browser;
mod browser_account;
mod browser_battle;
mod browser_bundle;
mod browser_chat;
// The coach of the first battles (issue 57, item 6).
mod browser_coach;
mod browser_engine;
mod browser_fit;
mod browser_learn;
mod browser_meet;
mod browser_new_user;
mod browser_offers;
mod browser_offline;
mod browser_pages;
mod browser_premove;
mod browser_presence;
mod browser_ratings;
mod browser_refusals;
mod browser_rules;
mod browser_seat_links;
mod browser_story;
mod browser_words;
mod bundle;
mod chat;
mod clocks;
mod cluster;
mod confirmation;
mod connections;
mod cross_site;
mod damage;
mod game_action_limits;
mod hardening;
mod headers;
mod learn;
mod lobby;
mod lobby_limits;
mod meet;
mod memory_budget;
mod metrics_access;
mod module_graph;
mod notifications;
mod one_clock;
mod password_hashing;
mod pictures_and_codes;
mod presence;
mod ratings;
mod readiness;
mod rematch;
mod site_limits;
mod socket_limits;
mod sockets;
mod state;
mod state_changes;
mod takeback;
mod throttles;
mod turns;

// Issue 55, item 7: where an error's status is decided.
mod refusals;
