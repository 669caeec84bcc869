//! Renders every wording function with pinned inputs into one snapshot
//! (`snapshots/…__every_sentence.snap`): a change of wording shows up in
//! its diff.

mod fixtures;
mod limits;
mod news;
mod ratings;
mod tournament;

use chrono::Duration;

use super::*;
use crate::command::NotifyMode;
use crate::go::{Color, GameResult, Move, Phase, Point};
use crate::store::GameId;
use crate::store::challenges::Status;
use fixtures::{Page, at, challenge, id, player, stones, summary, terms};

fn play_words(p: &mut Page) {
    p.show("play::no_such_game", play::no_such_game(99));
    p.show("play::unreadable", play::unreadable(id()));
    p.show("personal::one_password", personal::one_password());
    p.show("personal::say_limit", personal::say_limit(id(), 10));
    p.show("challenge::challenge_limit", challenge::challenge_limit(10));
    p.show("personal::say_kept", personal::say_kept("bob"));
    let disabled = personal::say_kept_disabled("bob");
    p.show("personal::say_kept_disabled", disabled);
    p.show(
        "replies::account_disabled",
        replies::account_disabled("bob"),
    );
    p.show("personal::password_paused", personal::password_paused(5));
    p.show(
        "replies::deferred_reason",
        replies::deferred_reason("bob@example.org", 20),
    );
    let until = chrono::DateTime::parse_from_rfc3339("2026-11-22T14:05:00Z")
        .unwrap()
        .with_timezone(&chrono::Utc);
    for kind in ["say", "challenge", "undo-request", "scoring-marks"] {
        p.show(
            &format!("replies::held_note({kind})"),
            replies::held_note(kind, "bob", until, 20),
        );
    }
    p.show(
        "replies::held_back_heading(1)",
        replies::held_back_heading(1),
    );
    p.show(
        "replies::held_back_heading(3)",
        replies::held_back_heading(3),
    );
    p.show("replies::held_back_item", replies::held_back_item(2));
    p.show(
        "play::account_token_needed",
        play::account_token_needed("go"),
    );
    p.show("play::not_a_player", play::not_a_player(id()));
    p.show("play::not_scoring", play::not_scoring(id()));
    p.show("play::is_over", play::is_over(id()));
    let won = Some(GameResult::Score(Some(Color::White), 3.5));
    p.show("play::over_with(result)", play::over_with(id(), won));
    p.show("play::over_with(none)", play::over_with(id(), None));
    p.show("play::being_scored", play::being_scored(id()));
    let turn = play::not_your_turn(id(), Color::White, "bob");
    p.show("play::not_your_turn", turn);
    p.show(
        "play::stale_move_number",
        play::stale_move_number(40, id(), 42),
    );
    p.show(
        "play::already_registered",
        play::already_registered("alice"),
    );
    p.show("play::bad_token", play::bad_token(12, "go"));
    p.show("play::no_games", play::no_games());
    let list = [
        summary(3, Phase::Play, Color::Black, None),
        summary(4, Phase::Play, Color::White, None),
        summary(5, Phase::Scoring, Color::Black, None),
        summary(6, Phase::Finished, Color::Black, Some("B+R")),
    ];
    let games = play::games_list(&list, "alice", at(24, 10));
    p.show("play::games_list", &games);
    p.show(
        "play::game_line(white)",
        play::game_line(&list[0], "bob", at(24, 10)),
    );
    let both = play::games_and_challenges(&games, Some("Open challenges:"));
    p.show("play::games_and_challenges(some)", both);
    let alone = play::games_and_challenges(&games, None);
    p.show("play::games_and_challenges(none)", alone);
    p.show("play::scoring_phase", play::scoring_phase(id()));
    p.show("play::not_lifecycle", play::not_lifecycle("games"));
}

fn challenge_words(p: &mut Page) {
    use challenge as w;
    p.show("challenge::no_such_player", w::no_such_player("carol"));
    p.show("challenge::challenge_self", w::challenge_self());
    p.show("challenge::bad_size", w::bad_size(30, "too big"));
    p.show("challenge::one_stone_handicap", w::one_stone_handicap());
    p.show(
        "challenge::free_without_handicap",
        w::free_without_handicap(),
    );
    p.show("challenge::too_many_free", w::too_many_free(4, 5));
    p.show("challenge::no_fixed_points", w::no_fixed_points(11));
    p.show("challenge::too_many_fixed", w::too_many_fixed(5, 9));
    p.show("challenge::too_many_games", w::too_many_games(10));
    let them = w::opponent_too_many_games("bob", 10);
    p.show("challenge::opponent_too_many_games", them);
    for t in [terms(0, false, 1), terms(3, false, 3), terms(4, true, 3)] {
        p.show("challenge::term_lines", w::term_lines(&t).join("\n"));
    }
    for color in ["black", "white", "nigiri"] {
        for reader in ["alice", "bob"] {
            let s = w::colors_sentence("alice", "bob", color, reader);
            p.show(&format!("challenge::colors_sentence({color}, {reader})"), s);
        }
    }
    let lines = w::term_lines(&terms(0, false, 3));
    let colors = "You play Black (X), bob White (O).";
    let sent = w::challenge_sent(id(), "bob", &lines, colors, at(27, 9));
    p.show("challenge::challenge_sent", sent);
    p.show(
        "challenge::challenge_subject",
        w::challenge_subject(id(), "alice"),
    );
    p.show("challenge::no_such_challenge", w::no_such_challenge(99));
    p.show("challenge::is_a_game", w::is_a_game(id()));
    for status in [
        Status::Open,
        Status::Accepted,
        Status::Declined,
        Status::Withdrawn,
        Status::Expired,
    ] {
        p.show(
            "challenge::challenge_closed",
            w::challenge_closed(id(), status),
        );
    }
    p.show(
        "challenge::challenge_expired",
        w::challenge_expired(id(), at(27, 9)),
    );
    p.show("challenge::own_challenge", w::own_challenge(id(), "bob"));
    p.show(
        "challenge::not_your_challenge",
        w::not_your_challenge(id(), "bob"),
    );
    p.show(
        "challenge::not_between",
        w::not_between(id(), "alice", "bob"),
    );
    p.show(
        "challenge::declined_letter",
        w::declined_letter("bob", id()),
    );
    p.show("challenge::declined", w::declined(id(), "alice"));
    p.show(
        "challenge::withdrew_letter",
        w::withdrew_letter("alice", id()),
    );
    p.show("challenge::withdrew", w::withdrew(id(), "bob"));
    let expired = w::expired_letter(id(), "alice", "bob", at(27, 9));
    p.show("challenge::expired_letter", expired);
    let open = [
        challenge(12, player(1, "alice"), player(2, "bob")),
        challenge(13, player(2, "bob"), player(1, "alice")),
    ];
    let alice = player(1, "alice").id;
    p.show(
        "challenge::challenges_list",
        w::challenges_list(&open, alice),
    );
}

fn start_words(p: &mut Page) {
    for nigiri in [false, true] {
        let intro = start::accepted_intro("bob", id(), nigiri, Color::Black);
        p.show("start::accepted_intro", intro);
        let you = start::you_accepted(id(), nigiri, Color::White, "alice", "NEXT");
        p.show("start::you_accepted", you);
    }
    p.show("start::place_first", start::place_first(id(), 3));
    p.show("start::black_places", start::black_places("alice", 3));
    p.show(
        "start::moves_first",
        start::moves_first("alice", Color::Black),
    );
    p.show("start::your_move", start::your_move(id(), 1));
    p.show("start::nothing_to_place", start::nothing_to_place(id()));
    p.show(
        "start::not_your_stones",
        start::not_your_stones("alice", id()),
    );
    p.show("start::too_many_stones", start::too_many_stones(4, 2));
    for remaining in [1, 2] {
        let some = start::placed_some(&stones(), id(), remaining);
        p.show("start::placed_some", some);
    }
    let all = start::placed_all(&stones(), id(), 4, "bob");
    p.show("start::placed_all", all);
    p.show("start::placed_intro", start::placed_intro(id(), "alice", 4));
    for left in [1, 3] {
        let why = start::placing_handicap("alice", left, id());
        p.show("start::placing_handicap", why);
    }
}

fn scoring_words(p: &mut Page) {
    use scoring as w;
    let list = stones();
    p.show("scoring::no_stone", w::no_stone(list[0], id()));
    p.show("scoring::not_being_scored", w::not_being_scored(id()));
    p.show("scoring::stones(one)", w::stones(&list[..1]));
    p.show("scoring::stones(two)", w::stones(&list));
    for dead in [true, false] {
        p.show(
            "scoring::marked_already",
            w::marked_already(id(), &list, dead),
        );
        let intro = w::marked_intro(id(), "alice", Color::Black, dead, "D4 D5 (2 stones)");
        p.show("scoring::marked_intro", intro);
        let marked = w::marked(id(), dead, "D4 D5 (2 stones)", "bob");
        p.show("scoring::marked", marked);
    }
    p.show(
        "scoring::accepted_already",
        w::accepted_already(id(), "bob"),
    );
    p.show("scoring::both_accepted_how", w::both_accepted_how());
    let result = GameResult::Score(Some(Color::Black), 2.5);
    p.show("scoring::both_accepted", w::both_accepted(id(), result));
    for deadline in [Some(at(29, 12)), None] {
        let intro = w::accepted_intro(id(), "alice", Color::Black, deadline);
        p.show("scoring::accepted_intro", intro);
        p.show(
            "scoring::you_accepted",
            w::you_accepted(id(), "bob", deadline),
        );
    }
    let resumed = w::resumed_intro(id(), "bob", Color::White);
    p.show("scoring::resumed_intro", resumed);
    p.show("scoring::play_resumes", w::play_resumes(id(), "NEXT"));
    p.show("scoring::legend", w::legend());
    p.show(
        "scoring::estimate_intro(none)",
        w::estimate_intro(id(), &[], "W+R"),
    );
    p.show(
        "scoring::estimate_intro",
        w::estimate_intro(id(), &list, "B+2.5"),
    );
    p.show("scoring::estimate_in_play", w::estimate_in_play(id()));
    p.show(
        "scoring::estimate_while_scored",
        w::estimate_while_scored(id()),
    );
    p.show("scoring::marked_dead(none)", w::marked_dead(&[]));
    p.show("scoring::marked_dead", w::marked_dead(&list));
    for done in [true, false] {
        p.show(
            "scoring::accepted_line",
            w::accepted_line("bob", Color::White, done),
        );
    }
    p.show("scoring::stands_line", w::stands_line(at(29, 12)));
    p.show("scoring::scoring_commands", w::scoring_commands(id(), 3));
    p.show("scoring::count_number", w::count_number(3));
    p.show("scoring::proposed_by_server", w::proposed_by_server());
    p.show("scoring::stale_count", w::stale_count(id(), 2, 3));
    p.show("scoring::stale_count(ahead)", w::stale_count(id(), 4, 3));
    p.show(
        "scoring::waiting_intro",
        w::waiting_intro(id(), "alice", at(29, 12)),
    );
    p.show("scoring::waiting_next", w::waiting_next(id()));
    p.show("scoring::stands_how", w::stands_how("alice", "bob", 7));
    p.show("scoring::deadline_passed_how", w::deadline_passed_how());
}

fn ending_words(p: &mut Page) {
    use ending as w;
    p.show(
        "ending::game_over_subject",
        w::game_over_subject(id(), "W+3.5"),
    );
    p.show("ending::already_over", w::already_over(id()));
    p.show("ending::resigned_how", w::resigned_how("bob", Color::White));
    p.show("ending::you_resigned", w::you_resigned(id(), "B+R"));
    let mv = Move::Play(Point::new(3, 3));
    p.show("ending::repetition_how", w::repetition_how(57, mv));
    let ended = w::ended_by_move(mv, id(), "HOW", "Void");
    p.show("ending::ended_by_move", ended);
    p.show("ending::timeout_how", w::timeout_how("bob", 42, at(29, 12)));
    let (wr, draw) = (
        GameResult::Resignation(Color::White),
        GameResult::Score(None, 0.0),
    );
    let how = w::adjudicated_how(wr, Some("White (bob)"));
    p.show("ending::adjudicated_how(win)", how);
    p.show(
        "ending::adjudicated_how(draw)",
        w::adjudicated_how(draw, None),
    );
    let void = w::adjudicated_how(GameResult::Void, None);
    p.show("ending::adjudicated_how(void)", void);
    let won = Some(GameResult::Resignation(Color::Black));
    p.show(
        "ending::record_state(over)",
        w::record_state(won, Phase::Finished, 80),
    );
    let playing = w::record_state(None, Phase::Play, 41);
    p.show("ending::record_state(playing)", playing);
    p.show("ending::record_subject", w::record_subject(id()));
    p.show("ending::record_sent", w::record_sent(id(), "game12.sgf"));
}

fn personal_words(p: &mut Page) {
    use personal as w;
    p.show("personal::not_personal", w::not_personal("games"));
    p.show(
        "personal::already_on_vacation",
        w::already_on_vacation(at(29, 12)),
    );
    p.show(
        "personal::vacation_allowance",
        w::vacation_allowance(30, 5, 10),
    );
    p.show(
        "personal::vacation_started",
        w::vacation_started(7, at(29, 12), 23),
    );
    p.show("personal::welcome_back", w::welcome_back(3));
    p.show("personal::not_on_vacation", w::not_on_vacation());
    for mode in [NotifyMode::Each, NotifyMode::Digest, NotifyMode::Off] {
        p.show("personal::notify_set", w::notify_set(mode));
    }
    p.show(
        "personal::timezone_set",
        w::timezone_set(Some("Europe/Berlin")),
    );
    p.show("personal::timezone_set", w::timezone_set(None));
    p.show(
        "personal::timezone_is",
        w::timezone_is(Some("Europe/Berlin")),
    );
    p.show("personal::timezone_is", w::timezone_is(None));
    p.show("personal::images_set", w::images_set(true));
    p.show("personal::images_set", w::images_set(false));
    p.show("personal::public_set", w::public_set(true));
    p.show("personal::public_set", w::public_set(false));
    p.show("personal::confirm_set", w::confirm_set(true));
    p.show("personal::confirm_set", w::confirm_set(false));
    p.show("personal::confirm_is", w::confirm_is(true));
    p.show("personal::confirm_is", w::confirm_is(false));
    p.show("personal::password_set", w::password_set());
    p.show("personal::no_password", w::no_password());
    p.show("personal::password_accepted", w::password_accepted());
    p.show("personal::password_removed", w::password_removed());
    p.show("personal::password_changed", w::password_changed());
    p.show("personal::bad_password", w::bad_password());
    p.show(
        "personal::say_subject",
        w::say_subject(id(), "alice", "Good luck!"),
    );
    let long =
        "I will be travelling for a while, so my moves may be slow until the end of the month.";
    p.show(
        "personal::say_subject(long)",
        w::say_subject(id(), "alice", long),
    );
    p.show("personal::message_sent", w::message_sent("bob"));
    p.show("personal::not_in_play", w::not_in_play(id()));
    p.show("personal::undo_pending", w::undo_pending(41, id(), "bob"));
    p.show("personal::cannot_undo", w::cannot_undo(id(), "bob"));
    p.show("personal::cannot_take_back", w::cannot_take_back(41, id()));
    let asked = w::undo_asked_subject(id(), "alice", 41, "Black D4");
    p.show("personal::undo_asked_subject", asked);
    let asked = w::undo_asked("bob", 41, "Black D4", id());
    p.show("personal::undo_asked", asked);
    let done = w::undo_done_subject(id(), "bob", (41, "Black D4"), Some("2026-11-29 12:00 UTC"));
    p.show("personal::undo_done_subject", done);
    let agreed = w::undo_agreed(41, "Black D4", id(), "alice");
    p.show("personal::undo_agreed", agreed);
}

fn conditional_words(p: &mut Page) {
    use conditional as c;
    let (c3, d4, pass) = (
        Move::Play(Point::new(2, 2)),
        Move::Play(Point::new(3, 3)),
        Move::Pass,
    );
    p.show(
        "conditional::set",
        c::set(id(), "bob", &[c3, d4, pass, c3], 2),
    );
    p.show("conditional::set(1)", c::set(id(), "bob", &[c3, d4], 1));
    p.show(
        "conditional::list",
        c::list(id(), &[vec![c3, d4], vec![pass, c3]]),
    );
    p.show("conditional::list(none)", c::list(id(), &[]));
    p.show("conditional::cleared(0)", c::cleared(id(), 0));
    p.show("conditional::cleared(1)", c::cleared(id(), 1));
    p.show("conditional::cleared(3)", c::cleared(id(), 3));
    p.show("conditional::your_move_first", c::your_move_first(id(), 12));
    p.show("conditional::conflict", c::conflict(id(), c3, d4, pass));
    p.show("conditional::limit", c::limit(id(), 20));
    p.show(
        "conditional::played_for_you(0)",
        c::played_for_you(d4, 12, &[], 0),
    );
    p.show(
        "conditional::played_for_you(2)",
        c::played_for_you(d4, 12, &[Point::new(2, 3), Point::new(2, 4)], 2),
    );
    p.show("conditional::their_turn", c::their_turn("bob", 13));
    p.show("conditional::deviated", c::deviated(id(), "bob", c3));
    p.show(
        "conditional::answer_illegal",
        c::answer_illegal(id(), d4, "D4 is occupied"),
    );
}

fn other_words(p: &mut Page) {
    p.show("board::to_move", board::to_move(Color::Black, "alice"));
    let mut picture = crate::render::Picture::new(crate::go::Position::empty(
        crate::go::BoardSize::new(9).unwrap(),
    ));
    p.show(
        "board::picture_alt(0)",
        board::picture_alt("game12", 0, &picture),
    );
    for (at, c) in [
        ("C3", Color::Black),
        ("E5", Color::Black),
        ("D4", Color::White),
    ] {
        picture.position.set(at.parse().unwrap(), Some(c));
    }
    picture.last = Some("E5".parse().unwrap());
    p.show(
        "board::picture_alt",
        board::picture_alt("game12", 3, &picture),
    );
    picture.dead = vec!["D4".parse().unwrap()];
    p.show(
        "board::picture_alt(dead)",
        board::picture_alt("game12", 3, &picture),
    );
    p.show("board::picture_caption", board::picture_caption(&picture));
    p.show("board::picture_letters", board::picture_letters());
    let mv = Move::Play(Point::new(2, 2));
    p.show("board::played", board::played(Color::White, mv));
    p.show(
        "board::played(pass)",
        board::played(Color::Black, Move::Pass),
    );
    for phase in [Phase::Play, Phase::Scoring, Phase::Finished] {
        p.show("board::status", board::status(phase));
    }
    p.show("tick::deadline_words", tick::deadline_words(at(29, 12)));
    for hours in [0, 1, 5, 24, 48, 25, 76] {
        p.show("tick::left_words", tick::left_words(Duration::hours(hours)));
    }
    p.show(
        "tick::warning_subject",
        tick::warning_subject(id(), at(29, 12)),
    );
    p.show("tick::reminder_subject", tick::reminder_subject(id()));
    p.show("tick::no_clock", tick::no_clock());
    p.show(
        "tick::digest_subject",
        tick::digest_subject(2, "2026-11-22"),
    );
    let games = [id(), GameId::new(13).unwrap()];
    for list in [&games[..1], &games[..]] {
        p.show(
            "bounces::bouncing_subject",
            bounces::bouncing_subject("bob", list),
        );
        p.show(
            "bounces::bouncing_text",
            bounces::bouncing_text("bob", 3, list),
        );
    }
    let won = GameResult::Time(Color::White);
    p.show("admin::over_already", admin::over_already(id(), won));
    p.show("admin::being_played", admin::being_played(id()));
    for was in [Some(won), None] {
        let intro = admin::resumed_intro(id(), was, "bob", Color::White);
        p.show("admin::resumed_intro", intro);
    }
}

/// Each system's clock in words: at the start, running, and in overtime;
/// a moment in a zone and in UTC; a whole clock block.
fn clock_systems(p: &mut Page) {
    use crate::clock::{Side, System, Tz};
    use crate::pipeline::base::wording::clock;
    let specs = [
        "per-move 5d",
        "fischer 3d+1d max 7d",
        "fischer 3d+1d",
        "byoyomi 14d+5x1d",
        "canadian 10d+10/7d",
        "absolute 30d",
        "none",
    ];
    for spec in specs {
        let system = System::parse(spec).unwrap();
        let start = Side::start(&system);
        p.show(
            &format!("clock::side_text({spec}, waiting)"),
            clock::side_text(&system, &start, false),
        );
        for (label, elapsed) in [
            ("2d 2h in", 2 * 86_400 + 7_200),
            ("15d 2h in", 15 * 86_400 + 7_200),
        ] {
            if let Some(later) = start.at(&system, elapsed) {
                let text = clock::side_text(&system, &later, true);
                p.show(&format!("clock::side_text({spec}, running, {label})"), text);
            }
        }
    }
    let terms = crate::store::time_terms::TimeTerms {
        system: System::parse("byoyomi 14d+5x1d").unwrap(),
        weekends_off: true,
        night_hours: 9,
    };
    p.show("clock::terms_text", clock::terms_text(&terms));
    let berlin: Tz = "Europe/Berlin".parse().unwrap();
    p.show("clock::moment(Berlin)", clock::moment(at(29, 12), berlin));
    p.show("clock::moment(UTC)", clock::moment(at(29, 12), Tz::UTC));
    let face = |running: bool, side: Side| crate::store::clock_face::Face {
        player: crate::store::PlayerId::new(1).unwrap(),
        zone: berlin,
        rest: side,
        side: Some(side),
        running,
        runs_out: running.then(|| at(30, 12)),
        next_loss: None,
    };
    let start = Side::start(&terms.system);
    let faces = crate::store::clock_face::Faces {
        terms,
        turn_started: Some(at(29, 12)),
        black: face(true, start.at(&terms.system, 14 * 86_400 + 3_600).unwrap()),
        white: face(false, start),
    };
    let names = ["Black (alice)", "White (bob)"];
    p.show(
        "clock::clock_lines",
        clock::clock_lines(&faces, names, None),
    );
    let paused = clock::clock_lines(&faces, names, Some("2026-11-30 12:00 UTC"));
    p.show("clock::clock_lines(paused)", paused);
}

fn clock_words(p: &mut Page) {
    for hours in [-1, 0, 1, 5, 24, 25, 167] {
        p.show("board::time_left", board::time_left(Duration::hours(hours)));
    }
    clock_systems(p);
    let ko = board::ko_line(Color::White, "bob", Point::new(4, 4));
    p.show("board::ko_line", ko);
    let mv = Move::Play(Point::new(3, 3));
    let moves = [(Color::White, Move::Pass), (Color::Black, mv)];
    p.show("board::recent", board::recent(11, 12, &moves));
    p.show("board::recent(one)", board::recent(1, 1, &moves[1..]));
    for phase in [Phase::Play, Phase::Scoring, Phase::Finished] {
        p.show("board::phase_name", board::phase_name(phase));
    }
    p.show(
        "tick::digest_subject(1)",
        tick::digest_subject(1, "2026-11-22"),
    );
    let per_move = |days| crate::store::time_terms::TimeTerms {
        system: crate::clock::System::PerMove {
            per_move: crate::clock::Span::days(days),
        },
        weekends_off: false,
        night_hours: 0,
    };
    let intro = admin::started_intro(id(), Color::White, "alice", &per_move(3));
    p.show("admin::started_intro", intro);
    let one = admin::started_intro(id(), Color::Black, "bob", &per_move(1));
    p.show("admin::started_intro(1 day)", one);
    for spec in [
        "fischer 3d+1d max 7d",
        "byoyomi 14d+5x1d",
        "canadian 10d+10/7d",
        "absolute 30d",
        "none",
        "per-move 36h",
    ] {
        let terms = crate::store::time_terms::TimeTerms {
            system: crate::clock::System::parse(spec).unwrap(),
            weekends_off: spec.starts_with('f'),
            night_hours: if spec.starts_with('b') { 9 } else { 0 },
        };
        p.show(
            &format!("clock::terms_explained({spec})"),
            crate::pipeline::base::wording::clock::terms_explained(&terms),
        );
    }
}

fn reply_words(p: &mut Page) {
    use replies as w;
    for subject in [
        "",
        "move game12 d4",
        "Re: RE: [game12] Fwd: news",
        "AW: Re[2]: games",
        "Re: password hunter2 newsecret",
    ] {
        p.show(
            "replies::transcript_subject",
            w::transcript_subject(subject),
        );
    }
    let between = crate::store::games::thread::Between {
        first: "alice".into(),
        second: "bob".into(),
        size: 9,
        is_game: true,
    };
    p.show("replies::game_subject", w::game_subject(id(), &between));
    let games = [id(), GameId::new(13).unwrap(), GameId::new(14).unwrap()];
    for n in 0..=3 {
        let subject = w::several_games_subject(&games[..n]);
        p.show("replies::several_games_subject", subject);
    }
    p.show("replies::attached", w::attached("game12.sgf"));
    p.show("replies::words_went_to", w::words_went_to("bob"));
    p.show("replies::words_went_nowhere", w::words_went_nowhere());
    p.show("personal::answers_no_game", personal::answers_no_game());
    p.show("personal::not_your_game", personal::not_your_game(id()));
    p.show("replies::example_move", w::example_move(id(), 42));
    let who = w::unknown_sender_subject("pbmgo test server");
    p.show("replies::unknown_sender_subject", who);
    p.show("replies::name_taken", w::name_taken("alice"));
    p.show("replies::bad_name", w::bad_name("a b", "no spaces"));
    p.show("replies::not_registered", w::not_registered());
}

fn address_words(p: &mut Page) {
    let one = ["alice@example.org".to_string()];
    let two = [one[0].clone(), "alice@example.net".to_string()];
    p.show("address::addresses(1)", address::addresses(&one));
    p.show("address::addresses(2)", address::addresses(&two));
    let new = "alice@example.net";
    p.show(
        "address::confirm_sent",
        address::address_confirm_sent(new, 48),
    );
    let subject = address::address_confirm_subject("Goban by Post", "alice");
    p.show("address::confirm_subject", subject);
    p.show("address::added", address::address_added(new, "alice"));
    p.show("address::yours", address::address_yours(new));
    p.show("address::taken", address::address_taken(new));
    p.show("address::adds_limit", address::address_adds_limit(3));
    p.show("address::mail_limit", address::address_mail_limit(new));
    let bad = address::bad_address("alice@", address::not_an_address());
    p.show("address::bad_address", bad);
    p.show("address::server_own", address::server_own_address());
    p.show("address::removed", address::address_removed(new, &one));
    p.show("address::not_yours", address::address_not_yours(new));
    p.show("address::last", address::last_address(new));
    p.show("address::not_confirmed", address::address_not_confirmed());
    let word = address::confirm_word_needed(new, "alice");
    p.show("address::confirm_word_needed", word);
    p.show("address::stranger_cap", address::stranger_cap());
    p.show(
        "replies::signup_word_needed",
        replies::signup_word_needed("dave"),
    );
}

fn lost_words(p: &mut Page) {
    let news = [
        "alice played C3 in game4: your move",
        "Re: signup",
        "bob passed in game4",
        "The game is over",
        "Your commands",
    ];
    for n in [1, 2, 3, 5] {
        let lost: Vec<_> = (0..n).map(|i| (at(3 + i as u32, 9), news[i])).collect();
        p.show(&format!("lost::lost_mail({n})"), lost::lost_mail(&lost));
    }
}

#[test]
fn every_sentence() {
    let mut p = Page::default();
    play_words(&mut p);
    challenge_words(&mut p);
    start_words(&mut p);
    scoring_words(&mut p);
    ending_words(&mut p);
    personal_words(&mut p);
    other_words(&mut p);
    clock_words(&mut p);
    reply_words(&mut p);
    conditional_words(&mut p);
    address_words(&mut p);
    news::news_words(&mut p);
    lost_words(&mut p);
    limits::limits_words(&mut p);
    ratings::rating_words(&mut p);
    tournament::tournament_words(&mut p);
    insta::assert_snapshot!(p.0);
}
