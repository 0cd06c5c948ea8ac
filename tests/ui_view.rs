//! Where the map view is, and how the In view list points to what it does not draw: the view is
//! centred on the player (clamped to the map's edges) and nothing else moves it, so it moves
//! exactly with the player and stays put while the player does; every monster and item in view
//! is either drawn or listed with the way it lies, or with what stands over it. Drawn on
//! ratatui's `TestBackend`.

#[path = "game_maps/art.rs"]
mod art;
#[path = "support/screen.rs"]
mod screen;

use std::path::Path;

use art::art;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sightline::game::item::FloorItem;
use sightline::game::{Dir, GameState};
use sightline::map::ItemKind;
use sightline::ui::app::Command;
use sightline::ui::render::{self, map::view_origin};
use sightline::ui::{App, Mode, Theme};
use sightline::{Map, Pos};

/// The arrows that mark an In view entry off screen.
const ARROWS: [char; 8] = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];

/// The map box's inside (the map cells drawn) on a `w × h` screen, in screen cells: from (1, 1),
/// this wide and high.
fn inside(w: u16, h: u16) -> (u16, u16) {
    (w - render::PANEL_WIDTH - 2, h - render::LOG_HEIGHT - 2)
}

/// The screen cell the `@` is drawn at.
fn player_cell(terminal: &Terminal<TestBackend>) -> (u16, u16) {
    let buf = terminal.backend().buffer();
    let (w, h) = inside(buf.area.width, buf.area.height);
    (1..=h)
        .find_map(|y| (1..=w).find(|&x| buf[(x, y)].symbol() == "@").map(|x| (x, y)))
        .expect("the player is always drawn")
}

/// The map position drawn at the map box's top-left cell, read from where the `@` is drawn.
fn origin(terminal: &Terminal<TestBackend>, game: &GameState) -> Pos {
    let (x, y) = player_cell(terminal);
    Pos::new(game.player.pos.x - (i32::from(x) - 1), game.player.pos.y - (i32::from(y) - 1))
}

/// Where map cell `p` falls on the screen: its screen cell when it is in the map box, else the
/// arrow pointing the way it lies from the box.
fn placed(terminal: &Terminal<TestBackend>, game: &GameState, p: Pos) -> Result<(u16, u16), char> {
    let buf = terminal.backend().buffer();
    let (w, h) = inside(buf.area.width, buf.area.height);
    let o = origin(terminal, game);
    let (x, y) = (1 + p.x - o.x, 1 + p.y - o.y);
    let side = |v: i32, len: u16| (v > i32::from(len)) as i32 - (v < 1) as i32;
    Err(match (side(x, w), side(y, h)) {
        (0, 0) => return Ok((x as u16, y as u16)),
        (0, -1) => '↑',
        (1, -1) => '↗',
        (1, 0) => '→',
        (1, 1) => '↘',
        (0, 1) => '↓',
        (-1, 1) => '↙',
        (-1, 0) => '←',
        _ => '↖',
    })
}

/// The panel's In view list, one string an entry (an entry wrapped onto more rows joined back).
fn in_view(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buf = terminal.backend().buffer();
    let (w, h) = (buf.area.width, buf.area.height);
    let x0 = w - render::PANEL_WIDTH + 1;
    let rows: Vec<String> = (1..h - render::LOG_HEIGHT - 1)
        .map(|y| (x0..w - 1).map(|x| buf[(x, y)].symbol()).collect::<String>().trim_end().to_string())
        .collect();
    let start = rows.iter().position(|r| r == "In view:").expect("the In view list");
    let mut entries: Vec<String> = Vec::new();
    for row in rows[start + 1..].iter().take_while(|r| !r.is_empty()) {
        match (row.strip_prefix("    "), entries.last_mut()) {
            (Some(more), Some(entry)) => {
                entry.push(' ');
                entry.push_str(more.trim_start());
            }
            _ => entries.push(row.clone()),
        }
    }
    entries
}

/// The player-centred view: the map position at the top-left of a `view_w × view_h` view
/// centred on `p`, clamped to a map `map_w × map_h` larger than the view, the map centred in a
/// view larger than it.
fn centred(map_w: usize, map_h: usize, view_w: u16, view_h: u16, p: Pos) -> Pos {
    let axis = |map: i32, view: i32, p: i32| {
        if map <= view { -(view - map) / 2 } else { (p - view / 2).clamp(0, map - view) }
    };
    Pos::new(axis(map_w as i32, view_w.into(), p.x), axis(map_h as i32, view_h.into(), p.y))
}

/// An In view entry as a key: its glyph; for a monster its name, for items their count; where it
/// is when the map does not draw it there (`"here"`, `"under orc"`, `"with"`, whatever the
/// article or plural); and its arrow, when off screen.
type Key = (char, String, Option<String>, Option<char>);

/// `entry` (" |: 2 arrows (under the orc) ↑") as a [`Key`], its count apart for items.
fn parse(entry: &str) -> (Key, u64) {
    let glyph = entry.chars().nth(1).unwrap();
    let mut what = entry[entry.find(": ").expect("a legend entry") + 2..].to_string();
    let arrow = what.chars().last().filter(|c| ARROWS.contains(c));
    if arrow.is_some() {
        what = what.trim_end_matches(ARROWS).trim_end().to_string();
    }
    if "!|$".contains(glyph) {
        let (count, rest) = what.split_once(' ').unwrap();
        let count = if matches!(count, "a" | "an") { 1 } else { count.parse().unwrap() };
        let place = rest.split_once(" (").map(|(_, p)| {
            let p = p.trim_end_matches(')');
            match p.split_once(' ') {
                Some(("under", who)) => {
                    let (n, name) = who.split_once(' ').unwrap();
                    let name = if n.parse::<u32>().is_ok() { name.trim_end_matches('s') } else { name };
                    format!("under {name}")
                }
                Some(("with", _)) => "with".to_string(),
                _ => p.to_string(),
            }
        });
        ((glyph, String::new(), place, arrow), count)
    } else {
        // (a monster's name, its health after it: "goblin (hurt)")
        let name = what.split(" (").next().unwrap().to_string();
        ((glyph, name, None, arrow), 1)
    }
}

/// The screen's promise, on the `w × h` screen of `app` with no cursor: the view is the one
/// centred on the player; every monster in view is drawn where it stands, or listed with the
/// arrow pointing the way it lies; every item in view is drawn where it lies, or counted in an
/// entry of its kind that says where it is: with the way it lies when off screen, with what is
/// drawn over it (the player, a monster, another item) when that hides it. Entries of a kind
/// count exactly the piles in that place, and nothing else is listed. Returns the number of
/// entries marked off screen.
fn check(app: &App, w: u16, h: u16, what: &str) -> usize {
    let game = &app.game;
    let terminal = screen::draw(app, w, h);
    let screen = screen::text(&terminal);
    let buf = terminal.backend().buffer();
    let (vw, vh) = inside(w, h);
    let at = origin(&terminal, game);
    assert_eq!(
        at,
        centred(game.map.width(), game.map.height(), vw, vh, game.player.pos),
        "{what}: the view is centred on the player at {}:\n{screen}",
        game.player.pos
    );
    assert_eq!(view_origin(game, vw, vh, None).origin, at, "{what}");

    let mut want: Vec<(Key, u64)> = Vec::new();
    let mut add = |key: Key, n: u64| match want.iter_mut().find(|(k, _)| *k == key) {
        Some((_, count)) => *count += n,
        None => want.push((key, n)),
    };
    for m in game.visible_monsters() {
        let glyph = m.kind.glyph();
        let off = match placed(&terminal, game, m.pos) {
            Ok(xy) => {
                assert_eq!(
                    buf[xy].symbol(),
                    glyph.to_string(),
                    "{what}: the {} at {} is drawn",
                    m.name(),
                    m.pos
                );
                None
            }
            Err(arrow) => Some(arrow),
        };
        add((glyph, m.name().to_string(), None, off), 1);
    }
    for item in game.visible_items() {
        let glyph = item.kind.glyph();
        let over = if item.pos == game.player.pos {
            Some(('@', "here".to_string()))
        } else if let Some(m) = game.monster_at(item.pos) {
            Some((m.kind.glyph(), format!("under {}", m.name())))
        } else {
            let first = game.item_at(item.pos).unwrap();
            (first.kind != item.kind).then(|| (first.kind.glyph(), "with".to_string()))
        };
        let off = match placed(&terminal, game, item.pos) {
            Ok(xy) => {
                let drawn = over.as_ref().map_or(glyph, |(g, _)| *g);
                assert_eq!(buf[xy].symbol(), drawn.to_string(), "{what}: at {}, {item:?}", item.pos);
                None
            }
            Err(arrow) => Some(arrow),
        };
        add((glyph, String::new(), over.map(|(_, place)| place), off), u64::from(item.amount));
    }

    let list = in_view(&terminal);
    let cut = list.last().is_some_and(|e| e.starts_with(" …"));
    let mut got: Vec<(Key, u64)> =
        list.iter().filter(|e| !e.starts_with(" …") && *e != " nothing of note").map(|e| parse(e)).collect();
    // (monsters of a kind in one place are an entry each)
    let mut merged: Vec<(Key, u64)> = Vec::new();
    for (key, n) in got.drain(..) {
        match merged.iter_mut().find(|(k, _)| *k == key && key.1.is_empty()) {
            Some(_) => panic!("{what}: two entries for {key:?}: {list:#?}"),
            None => match merged.iter_mut().find(|(k, _)| *k == key) {
                Some((_, count)) => *count += n,
                None => merged.push((key, n)),
            },
        }
    }
    for (key, n) in &merged {
        let wanted = want.iter().find(|(k, _)| k == key).map(|(_, n)| *n);
        // (a cut list may leave out some monsters of a kind and place; never items of a group)
        let fits = wanted.is_some_and(|w| if cut && !key.1.is_empty() { *n <= w } else { *n == w });
        assert!(fits, "{what}: {key:?} × {n} is listed as it is: want {want:#?}\n{screen}");
    }
    if !cut {
        assert_eq!(
            merged.len(),
            want.len(),
            "{what}: all of it is listed: {list:#?}, want {want:#?}\n{screen}"
        );
    }
    list.iter().filter(|e| e.ends_with(ARROWS)).count()
}

/// A hall 19 floors wide and `height` rows high (walls included), with `glyphs` placed in the
/// middle column of the rows given, and a sight radius of `radius`, as a game at seed 1.
fn tall_hall(height: i32, glyphs: &[(i32, char)], radius: u32) -> App {
    let rows: Vec<String> = (0..height)
        .map(|y| match glyphs.iter().find(|&&(row, _)| row == y) {
            _ if y == 0 || y == height - 1 => "#".repeat(21),
            Some(&(_, c)) => format!("#{0}{c}{0}#", ".".repeat(9)),
            None => format!("#{}#", ".".repeat(19)),
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut map = art(&rows);
    map.meta.sight_radius = Some(radius);
    App::new(GameState::new(map, 1).unwrap(), Theme::colour())
}

/// The play-test's two cases of a view pinned to the player's edge, each centred on the player
/// now. At 80×24 (a view 15 rows high), a potion 11 rows up once pulled the view up until the
/// player was on its 12th row; the player is on the middle row, the potion listed with `↑`. At
/// 160×50 (41 rows), an archer 39 rows up put the player on the bottom row, and the arrows 2
/// rows below were not drawn; they are, and the archer is marked `↑`.
#[test]
fn the_view_is_centred_on_the_player() {
    let app = tall_hall(41, &[(9, '!'), (20, '@')], 20);
    assert_eq!(check(&app, 80, 24, "potion"), 1);
    let terminal = screen::draw(&app, 80, 24);
    assert_eq!(player_cell(&terminal).1, 8, "the middle row of 15:\n{}", screen::text(&terminal));
    assert_eq!(in_view(&terminal), [" !: a healing potion ↑"]);

    let mut rows = vec!["#######".to_string()];
    rows.extend((1..99).map(|y| match y {
        1 => "#..a..#".to_string(),
        40 => "#..@..#".to_string(),
        42 => "#..|..#".to_string(),
        _ => "#.....#".to_string(),
    }));
    rows.push("#######".into());
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut map = art(&rows);
    map.meta.sight_radius = Some(99);
    let app = App::new(GameState::new(map, 1).unwrap(), Theme::colour());
    assert_eq!(check(&app, 160, 50, "archer"), 1);
    let terminal = screen::draw(&app, 160, 50);
    let (x, y) = player_cell(&terminal);
    assert_eq!(y, 21, "the middle row of 41:\n{}", screen::text(&terminal));
    assert_eq!(terminal.backend().buffer()[(x, y + 2)].symbol(), "|", "the arrows 2 rows below are drawn");
    let arrows = app.game.items[0].amount;
    let arrows = if arrows == 1 { "an arrow".to_string() } else { format!("{arrows} arrows") };
    assert_eq!(in_view(&terminal), [" a: archer ↑".to_string(), format!(" |: {arrows}")]);
}

/// Walking in a straight line, the view moves exactly with the player: the play-test's walk east
/// on the pillars (seed 3, 80×24, `l` eight times) keeps the view's top row where it was (it
/// went 2, 6, 6, 6, 6, 2, 6, 7, 7, 6 as monsters and items came in and out of sight behind the
/// pillars); and walking on east across the hall, its left column moves a column a step once
/// the player is half a view from the map's west edge, until the view reaches the east one.
#[test]
fn walking_in_a_straight_line_the_view_moves_with_the_player() {
    let map = Map::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/pillars.ron")).unwrap();
    let mut app = App::new(GameState::new(map, 3).unwrap(), Theme::colour());
    let (vw, _) = inside(80, 24);
    let half = i32::from(vw) / 2;
    let east_edge = app.game.map.width() as i32 - (i32::from(vw) - half);
    let view = |app: &App| origin(&screen::draw(app, 80, 24), &app.game);
    let mut views = vec![view(&app)];
    check(&app, 80, 24, "the start");
    for step in 0..40 {
        let last = app.game.player.pos;
        app.handle(Command::Move(Dir::E));
        if app.mode != Mode::Normal || app.game.player.pos != last + Pos::new(1, 0) {
            // (a monster in the way: the walk is no longer straight)
            assert!(step >= 8, "the play-test's eight steps east: stopped at {step}");
            break;
        }
        check(&app, 80, 24, &format!("step {step}"));
        let (before, now) = (*views.last().unwrap(), view(&app));
        assert_eq!(now.y, before.y, "step {step}: the view's top row stays: {views:?}");
        let x = app.game.player.pos.x;
        let moves = x - half > 0 && x <= east_edge;
        assert_eq!(
            now.x,
            before.x + i32::from(moves),
            "step {step}: at x {x}, the view's left column: {views:?}"
        );
        views.push(now);
    }
    assert!(
        views.windows(2).filter(|w| w[1].x == w[0].x + 1).count() >= 5,
        "the view moved with the player: {views:?}"
    );
}

/// Standing still, the view does not move however the monsters do: a goblin far up a hall sees
/// the player and comes, turn after turn, while the map stays where it was (it once scrolled a
/// row a turn, to keep the goblin on screen).
#[test]
fn standing_still_the_view_stays_while_monsters_come() {
    let mut app = tall_hall(61, &[(3, 'g'), (30, '@')], 40);
    let view = |app: &App| origin(&screen::draw(app, 80, 24), &app.game);
    let start = view(&app);
    let goblin = app.game.monsters[0].pos;
    check(&app, 80, 24, "the start");
    for turn in 0..20 {
        app.handle(Command::Wait);
        if app.mode != Mode::Normal {
            break;
        }
        check(&app, 80, 24, &format!("turn {turn}"));
        assert_eq!(view(&app), start, "turn {turn}: the view stays");
    }
    let now = app.game.monsters.first().map(|m| m.pos);
    assert!(now.is_some_and(|p| p.y > goblin.y + 10), "the goblin came: {goblin} to {now:?}");
}

/// Entering and leaving look mode leaves the map where it was, and the same state is drawn the
/// same way.
#[test]
fn the_same_state_gives_the_same_view() {
    let mut map = art(&[
        "###########",
        "#a........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#....@....#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "#.........#",
        "###########",
    ]);
    map.meta.sight_radius = Some(20);
    let mut app = App::new(GameState::new(map, 1).unwrap(), Theme::colour());
    let (w, h) = (render::MIN_WIDTH, render::MIN_HEIGHT);
    let first = screen::text(&screen::draw(&app, w, h));
    assert_eq!(screen::text(&screen::draw(&app, w, h)), first);
    assert_eq!(check(&app, w, h, "the 9-row view"), 1, "the archer 7 rows up is off the 9-row view");
    app.handle(Command::Look);
    app.handle(Command::Look);
    assert_eq!(screen::text(&screen::draw(&app, w, h)), first);
}

/// A corridor longer than the view with a monster at each end, both in view: the goblin 20 rows
/// south, the archer 29 north, the view 23 rows high around the player. Both are listed with an
/// arrow pointing the way they lie, and so is the gold beside the archer.
#[test]
fn what_is_off_screen_is_marked_with_the_way_it_lies() {
    let mut rows = vec!["#######".to_string()];
    for y in 1..59 {
        rows.push(match y {
            1 => "#..a..#".into(),
            3 => "#....$#".into(),
            30 => "#..@..#".into(),
            50 => "#..g..#".into(),
            _ => "#.....#".into(),
        });
    }
    rows.push("#######".into());
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut map = art(&rows);
    map.meta.sight_radius = Some(40);
    let app = App::new(GameState::new(map, 1).unwrap(), Theme::colour());
    assert_eq!(app.game.visible_monsters().len(), 2);
    assert_eq!(check(&app, 100, 32, "corridor"), 3);
    let list = in_view(&screen::draw(&app, 100, 32));
    let gold = format!(" $: {} gold pieces ↑", app.game.items[0].amount);
    assert_eq!(list, [" g: goblin ↓", " a: archer ↑", gold.as_str()]);
}

/// The piles of a kind are grouped by where they lie: those on screen together, those off
/// screen a group a direction, nearest first. (A kind was once one entry with the arrow of its
/// nearest pile, or none when one was on screen: "16 arrows" with 11 of them 40 and 45 rows
/// away.)
#[test]
fn items_of_a_kind_are_grouped_by_where_they_lie() {
    let mut rows = vec!["#######".to_string()];
    rows.extend((1..99).map(|y| match y {
        8 | 10 => "#..|..#".to_string(),
        48 | 52 => "#.|...#".to_string(),
        50 => "#..@..#".to_string(),
        95 => "#...|.#".to_string(),
        _ => "#.....#".to_string(),
    }));
    rows.push("#######".into());
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut map = art(&rows);
    map.meta.sight_radius = Some(60);
    let mut game = GameState::new(map, 1).unwrap();
    for item in &mut game.items {
        item.amount = match item.pos.y {
            8 => 1,
            10 => 4,
            48 => 2,
            52 => 3,
            _ => 6,
        };
    }
    let app = App::new(game, Theme::colour());
    assert_eq!(check(&app, 100, 32, "arrows everywhere"), 2);
    let list = in_view(&screen::draw(&app, 100, 32));
    assert_eq!(list, [" |: 5 arrows", " |: 5 arrows ↑", " |: 6 arrows ↓"]);
}

/// The play-test's orc: shot three times from next to it, it stands on the spent arrows, which
/// the map cannot draw (it draws the orc). The In view list says where they are: "2 arrows
/// (under the orc)", not "2 arrows", which were nowhere to be seen.
#[test]
fn items_under_a_creature_are_listed_under_it() {
    let shot = (1..200)
        .find_map(|seed| {
            let map = art(&["##########", "#@o.....>#", "##########"]);
            let mut app = App::new(GameState::new(map, seed).unwrap(), Theme::colour());
            for _ in 0..3 {
                app.handle(Command::Fire);
                app.handle(Command::Confirm);
            }
            let orc = Pos::new(2, 1);
            let under: u32 = app.game.items.iter().filter(|i| i.pos == orc).map(|i| i.amount).sum();
            (app.mode == Mode::Normal && app.game.monster_at(orc).is_some() && under == 2).then_some(app)
        })
        .expect("a seed where two arrows lie under the living orc");
    check(&shot, 80, 24, "the orc");
    let list = in_view(&screen::draw(&shot, 80, 24));
    assert!(list[0].starts_with(" o: orc (") && list.len() == 2, "{list:#?}");
    assert_eq!(list[1], " |: 2 arrows (under the orc)");
}

/// Piles under creatures, wherever they are: under the player ("here"), under the one goblin in
/// view ("the goblin"), under one of two orcs ("an orc"), under both ("2 orcs"), under another
/// item ("with the gold"); each group apart from the piles of its kind on view, nearest first.
#[test]
fn items_hidden_by_what_is_drawn_over_them_say_so() {
    let map = art(&[
        "#############",
        "#...........#",
        "#.@...g..o..#",
        "#...o.......#",
        "#....|...$..#",
        "#############",
    ]);
    let mut game = GameState::new(map, 1).unwrap();
    let at = |x, y| Pos::new(x, y);
    let pile = |kind, pos, amount| FloorItem { kind, pos, amount };
    game.items = vec![
        pile(ItemKind::Arrows, at(5, 4), 1),
        pile(ItemKind::Gold, at(9, 4), 7),
        pile(ItemKind::Arrows, at(9, 4), 2),
        pile(ItemKind::Potion, at(2, 2), 1),
        pile(ItemKind::Arrows, at(6, 2), 3),
        pile(ItemKind::Arrows, at(4, 3), 4),
    ];
    let app = App::new(game.clone(), Theme::colour());
    check(&app, 100, 32, "hidden");
    let list = in_view(&screen::draw(&app, 100, 32));
    assert_eq!(
        list,
        [
            " o: orc",
            " g: goblin",
            " o: orc",
            " !: a healing potion (here)",
            " |: 4 arrows (under an orc)",
            " |: an arrow",
            " |: 3 arrows (under the goblin)",
            " $: 7 gold pieces",
            " |: 2 arrows (with the gold)",
        ]
    );
    // Under both orcs, the arrows are one group.
    game.items.push(pile(ItemKind::Arrows, at(9, 2), 5));
    let app = App::new(game, Theme::colour());
    check(&app, 100, 32, "hidden, both orcs");
    let list = in_view(&screen::draw(&app, 100, 32));
    assert!(list.contains(&" |: 9 arrows (under 2 orcs)".to_string()), "{list:#?}");
}

/// Every bundled map the play-test named, from its start and along a walk, at the play-test's
/// screens: the view is centred on the player, and whatever is in view is drawn, or listed
/// where it is.
#[test]
fn on_the_bundled_maps_what_is_in_view_is_drawn_or_marked() {
    let load = |name: &str| -> Map {
        Map::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(format!("{name}.ron"))).unwrap()
    };
    let walk = [Dir::E, Dir::E, Dir::S, Dir::E, Dir::N, Dir::E, Dir::SE, Dir::NE, Dir::E, Dir::S];
    for (name, seed) in [("pillars", 3), ("cave", 7), ("dungeon", 1)] {
        let mut app = App::new(GameState::new(load(name), seed).unwrap(), Theme::colour());
        for (w, h) in [(80, 24), (100, 32)] {
            check(&app, w, h, &format!("{name} seed {seed} at the start, {w}x{h}"));
        }
        for (i, &dir) in walk.iter().cycle().take(40).enumerate() {
            app.handle(Command::Move(dir));
            if app.mode != Mode::Normal {
                break;
            }
            for (w, h) in [(80, 24), (100, 32)] {
                check(&app, w, h, &format!("{name} seed {seed}, step {i}, {w}x{h}"));
            }
        }
    }
}
