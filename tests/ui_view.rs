//! What the map view frames: the player, and with the player every monster and item in view when
//! they fit in it; what does not fit is marked in the panel's In view list with the way it lies.
//! Drawn on ratatui's `TestBackend` at the play-test's 100×32.

#[path = "game_maps/art.rs"]
mod art;
#[path = "support/screen.rs"]
mod screen;

use std::path::Path;

use art::art;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sightline::game::{Dir, GameState};
use sightline::ui::app::Command;
use sightline::ui::render::{self, map::view_origin};
use sightline::ui::{App, Mode, Theme};
use sightline::{Map, Pos};

const W: u16 = 100;
const H: u16 = 32;

/// The arrows that mark an In view entry off screen.
const ARROWS: [char; 8] = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];

/// The map box's inside (the map cells drawn), in screen cells: from (1, 1), this wide and high.
fn inside() -> (u16, u16) {
    (W - render::PANEL_WIDTH - 2, H - render::LOG_HEIGHT - 2)
}

/// The screen cell map cell `p` is drawn at, read from where the `@` is drawn, or `None` if it
/// falls outside the map box.
fn drawn_at(terminal: &Terminal<TestBackend>, game: &GameState, p: Pos) -> Option<(u16, u16)> {
    let buf = terminal.backend().buffer();
    let (w, h) = inside();
    let at = (1..=h).find_map(|y| (1..=w).find(|&x| buf[(x, y)].symbol() == "@").map(|x| (x, y)));
    let (ax, ay) = at.expect("the player is always drawn");
    let (x, y) = (i32::from(ax) + p.x - game.player.pos.x, i32::from(ay) + p.y - game.player.pos.y);
    ((1..=i32::from(w)).contains(&x) && (1..=i32::from(h)).contains(&y)).then_some((x as u16, y as u16))
}

/// The panel's In view list, one string an entry row.
fn in_view(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buf = terminal.backend().buffer();
    let x0 = W - render::PANEL_WIDTH + 1;
    let rows: Vec<String> = (1..H - render::LOG_HEIGHT - 1)
        .map(|y| (x0..W - 1).map(|x| buf[(x, y)].symbol()).collect::<String>().trim_end().to_string())
        .collect();
    let start = rows.iter().position(|r| r == "In view:").expect("the In view list");
    rows[start + 1..].iter().take_while(|r| !r.is_empty()).cloned().collect()
}

/// Whether everything in view fits in the map box with the player.
fn all_fit(game: &GameState) -> bool {
    let (w, h) = inside();
    let mut cells: Vec<Pos> = game.visible_monsters().iter().map(|m| m.pos).collect();
    cells.extend(game.visible_items().iter().map(|i| i.pos));
    cells.push(game.player.pos);
    let span = |f: fn(&Pos) -> i32| cells.iter().map(f).max().unwrap() - cells.iter().map(f).min().unwrap();
    span(|p| p.x) < i32::from(w) && span(|p| p.y) < i32::from(h)
}

/// The screen's promise: every monster in view is drawn (its glyph where it stands), every item
/// in view on screen; or, only when they cannot all fit with the player, the In view list marks
/// each one that is not with an arrow. Returns how many entries are marked.
fn check(app: &App, what: &str) -> usize {
    let game = &app.game;
    let terminal = screen::draw(app, W, H);
    let list = in_view(&terminal);
    let marked = list.iter().filter(|r| r.ends_with(ARROWS)).count();
    let mut off = 0;
    for m in game.visible_monsters() {
        match drawn_at(&terminal, game, m.pos) {
            Some(xy) => {
                let glyph = terminal.backend().buffer()[xy].symbol().to_string();
                assert_eq!(
                    glyph,
                    m.kind.glyph().to_string(),
                    "{what}: the {} at {} is drawn",
                    m.name(),
                    m.pos
                );
            }
            None => {
                off += 1;
                let entry = format!(" {}: {}", m.kind.glyph(), m.name());
                assert!(
                    list.iter().any(|r| r.starts_with(&entry) && r.ends_with(ARROWS)),
                    "{what}: the {} at {} is off screen and marked so: {list:#?}\n{}",
                    m.name(),
                    m.pos,
                    screen::text(&terminal)
                );
            }
        }
    }
    let mut kinds: Vec<(char, bool)> = Vec::new();
    for i in game.visible_items() {
        let on = drawn_at(&terminal, game, i.pos).is_some();
        match kinds.iter_mut().find(|(g, _)| *g == i.kind.glyph()) {
            Some((_, any_on)) => *any_on |= on,
            None => kinds.push((i.kind.glyph(), on)),
        }
    }
    for (glyph, any_on) in kinds {
        let entry = list.iter().find(|r| r.starts_with(&format!(" {glyph}: "))).expect("listed");
        assert_eq!(!any_on, entry.ends_with(ARROWS), "{what}: {entry:?} marked exactly when off screen");
        off += usize::from(!any_on);
    }
    assert_eq!(marked, off, "{what}: only what is off screen is marked: {list:#?}");
    if all_fit(game) {
        assert_eq!(off, 0, "{what}: all of it fits, so all of it is drawn:\n{}", screen::text(&terminal));
    }
    off
}

/// The play-test's corridor: 7 columns, 40 rows, sight 16, an archer far north. Walking north,
/// the archer comes into view 16 rows away, more than the 11 rows the view shows either side of
/// the player; the log says "You see an archer." and the panel lists it. It is drawn: the view
/// moves north just enough to hold it (it was listed and announced, but off the screen).
#[test]
fn a_monster_in_view_is_on_screen_when_it_fits() {
    let mut rows = vec!["#######".to_string()];
    for y in 1..39 {
        rows.push(match y {
            8 => "#..a..#".into(),
            34 => "#..@..#".into(),
            _ => "#.....#".into(),
        });
    }
    rows.push("#######".into());
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut map = art(&rows);
    map.meta.name = "Long Hall".into();
    map.meta.sight_radius = Some(16);
    let mut app = App::new(GameState::new(map, 1).unwrap(), Theme::colour());
    let mut saw_it_off_centre = false;
    for step in 0..14 {
        app.handle(Command::Move(Dir::N));
        if app.mode != Mode::Normal {
            break;
        }
        assert_eq!(check(&app, &format!("step {step}")), 0, "a 7×23 view holds all of it");
        let seen = app.game.visible_monsters();
        if let Some(a) = seen.first() {
            saw_it_off_centre |= (app.game.player.pos.y - a.pos.y).abs() > 11;
        }
    }
    assert!(saw_it_off_centre, "the archer was seen farther than half the view from the player");
    let screen = screen::text(&screen::draw(&app, W, H));
    assert!(screen.contains("You see an archer."), "{screen}");
}

/// The same state is drawn the same way: the view depends on the state alone, and leaving look
/// mode puts the map back where it was.
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
    let map_box: Vec<&str> = first.lines().skip(1).take(usize::from(h - render::LOG_HEIGHT - 2)).collect();
    assert!(
        map_box.iter().any(|r| r.chars().take(usize::from(w - render::PANEL_WIDTH)).any(|c| c == 'a')),
        "the archer 7 rows up is on the 9-row view: {first}"
    );
    app.handle(Command::Look);
    app.handle(Command::Look);
    assert_eq!(screen::text(&screen::draw(&app, w, h)), first);
    let shown = view_origin(&app.game, w - render::PANEL_WIDTH - 2, h - render::LOG_HEIGHT - 2, None);
    assert!(shown.contains(app.game.player.pos) && shown.contains(Pos::new(1, 1)), "{shown:?}");
}

/// A corridor longer than the view with a monster at each end, both in view: the view cannot
/// hold both with the player (the goblin is 20 rows south, the archer 29 north, the view 23
/// rows high). The nearer one, the goblin, is drawn, the view moved south to hold it; the
/// archer, and the gold beside it, are listed with an arrow pointing north, the way they lie.
#[test]
fn what_does_not_fit_is_marked_with_the_way_it_lies() {
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
    assert_eq!(check(&app, "corridor"), 2);
    let list = in_view(&screen::draw(&app, W, H));
    assert_eq!(
        list,
        [" g: goblin", " a: archer ↑", format!(" $: {} gold pieces ↑", app.game.items[0].amount).as_str()]
    );
}

/// Every bundled map the play-test named, from its start and along a walk: whatever is in view is
/// drawn, or marked where it cannot all fit.
#[test]
fn on_the_bundled_maps_what_is_in_view_is_drawn_or_marked() {
    let load = |name: &str| -> Map {
        Map::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("maps").join(format!("{name}.ron"))).unwrap()
    };
    let walk = [Dir::E, Dir::E, Dir::S, Dir::E, Dir::N, Dir::E, Dir::SE, Dir::NE, Dir::E, Dir::S];
    for (name, seed) in [("pillars", 3), ("cave", 7), ("dungeon", 1)] {
        let mut app = App::new(GameState::new(load(name), seed).unwrap(), Theme::colour());
        check(&app, &format!("{name} seed {seed} at the start"));
        for (i, &dir) in walk.iter().cycle().take(40).enumerate() {
            app.handle(Command::Move(dir));
            if app.mode != Mode::Normal {
                break;
            }
            check(&app, &format!("{name} seed {seed}, step {i}"));
        }
    }
}
