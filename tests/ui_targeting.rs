//! Targeting (`f`) and monsters coming into view, drawn on ratatui's `TestBackend`: snapshots of
//! the screens, and the styles of the previewed path, cell by cell, in colour and without.

#[path = "game_maps/art.rs"]
mod art;
#[path = "support/screen.rs"]
mod screen;

use art::art;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use screen::text;
use sightline::Pos;
use sightline::game::{Action, Dir, GameState};
use sightline::ui::app::Command;
use sightline::ui::render::{self, map::view_origin};
use sightline::ui::targeting::{self, PathKind};
use sightline::ui::{App, Mode, Theme};

const W: u16 = 80;
const H: u16 = 24;

/// A hall: the player west, a goblin in line, an archer right behind it, a pillar north east;
/// the sight radius is 9, so the hall's far east end is dark.
const HALL: &[&str] = &[
    "##########################",
    "#........#...............#",
    "#.@....g...a.............#",
    "#........................#",
    "##########################",
];

fn hall(theme: Theme) -> App {
    let mut map = art(HALL);
    map.meta.name = "Target Hall".into();
    map.meta.sight_radius = Some(9);
    App::new(GameState::new(map, 8).unwrap(), theme)
}

fn draw(app: &App) -> Terminal<TestBackend> {
    screen::draw(app, W, H)
}

/// The screen cell of map cell `p` while the look or aiming cursor is on `cursor`.
fn screen_of(app: &App, cursor: Pos, p: Pos) -> (u16, u16) {
    let view_w = W - render::PANEL_WIDTH - 2;
    let view_h = H - render::LOG_HEIGHT - 2;
    let tl = view_origin(&app.game, view_w, view_h, Some(cursor)).origin;
    ((p.x - tl.x + 1) as u16, (p.y - tl.y + 1) as u16)
}

fn cursor(app: &App) -> Pos {
    match app.mode {
        Mode::Target { cursor } => cursor,
        ref m => panic!("not aiming: {m:?}"),
    }
}

/// Every cell of the previewed path is drawn in its kind's style, whatever was drawn there, with
/// the aim cursor patched on the aimed-at cell.
fn assert_path_styles(app: &App) -> Vec<PathKind> {
    let at = cursor(app);
    let path = targeting::path(&app.game, at);
    let terminal = draw(app);
    let buf = terminal.backend().buffer();
    for step in &path {
        let (x, y) = screen_of(app, at, step.pos);
        let kind = app.theme.path(step.kind);
        let want = if step.pos == at { kind.patch(app.theme.cursor) } else { kind };
        let got = buf[(x, y)].style();
        let colour = |c: Option<Color>| c.unwrap_or(Color::Reset);
        assert_eq!(
            (colour(got.fg), colour(got.bg), got.add_modifier),
            (colour(want.fg), colour(want.bg), want.add_modifier),
            "{:?} at {}",
            step.kind,
            step.pos
        );
    }
    path.iter().map(|s| s.kind).collect()
}

#[test]
fn targeting_starts_on_the_nearest_monster_and_tab_cycles_by_distance() {
    let mut app = hall(Theme::colour());
    let goblin = Pos::new(7, 2);
    let archer = Pos::new(11, 2);
    assert!(app.game.is_visible(archer), "the archer is in view");
    app.handle(Command::Fire);
    assert_eq!(cursor(&app), goblin, "the nearest first");
    app.handle(Command::NextTarget);
    assert_eq!(cursor(&app), archer);
    app.handle(Command::NextTarget);
    assert_eq!(cursor(&app), goblin, "wraps round");
    app.handle(Command::PrevTarget);
    assert_eq!(cursor(&app), archer);
    app.handle(Command::Back);
    assert_eq!(app.mode, Mode::Normal);
    assert_eq!(app.game.turn, 0, "cancelling takes no turn");
}

#[test]
fn targeting_the_archer_behind_the_goblin() {
    let mut app = hall(Theme::colour());
    app.handle(Command::Fire);
    app.handle(Command::NextTarget);
    let kinds = assert_path_styles(&app);
    // In line behind the goblin: the arrow meets the goblin first, and the panel says so; the
    // path runs on past it (a miss flies on) to the archer, then into the dark.
    let goblin_then_archer = [
        vec![PathKind::Clear; 4],
        vec![PathKind::Monster],
        vec![PathKind::Clear; 3],
        vec![PathKind::Monster],
        vec![PathKind::Unknown; 3],
    ];
    assert_eq!(kinds, goblin_then_archer.concat());
    let screen = text(&draw(&app));
    assert!(screen.contains("Will hit the goblin first"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn targeting_into_the_dark_and_at_a_wall() {
    for theme in [Theme::colour(), Theme::monochrome()] {
        let mut app = hall(theme);
        // Without the goblin, which stands on every shallow line east.
        app.game.monsters.remove(0);
        app.game.restore_derived(); // changed by hand: who stands where is looked up afresh
        app.handle(Command::Fire);
        assert_eq!(cursor(&app), Pos::new(11, 2), "on the archer");
        app.handle(Command::Move(Dir::W));
        app.handle(Command::Move(Dir::W));
        app.handle(Command::Move(Dir::W));
        app.handle(Command::Move(Dir::W));
        // Free cursor: from (7,2) up onto the top row and onto the pillar, in view: the
        // path ends on it, a blocker.
        app.handle(Command::Move(Dir::NE));
        app.handle(Command::Move(Dir::E));
        assert_eq!(cursor(&app), Pos::new(9, 1));
        let kinds = assert_path_styles(&app);
        assert_eq!(kinds.last(), Some(&PathKind::Blocker));
        assert!(kinds[..kinds.len() - 1].iter().all(|&k| k == PathKind::Clear), "{kinds:?}");
        if app.theme.monochrome {
            let screen = text(&draw(&app));
            assert!(screen.contains("Will strike a wall at 9,1"), "{screen}");
            insta::assert_snapshot!("targeting_a_wall_without_colour", screen);
        }
        // Down to the bottom row, just past the sight radius: the path runs on into the dark.
        for dir in [Dir::SE, Dir::SE, Dir::E] {
            app.handle(Command::Move(dir));
        }
        assert_eq!(cursor(&app), Pos::new(12, 3));
        assert!(!app.game.is_visible(Pos::new(12, 3)));
        let kinds = assert_path_styles(&app);
        assert!(kinds.contains(&PathKind::Clear) && kinds.contains(&PathKind::Unknown), "{kinds:?}");
        assert!(!kinds.contains(&PathKind::Monster) && !kinds.contains(&PathKind::Blocker));
    }
}

#[test]
fn the_four_path_styles_differ_with_and_without_colour() {
    for theme in [Theme::colour(), Theme::monochrome()] {
        let kinds = [PathKind::Clear, PathKind::Unknown, PathKind::Monster, PathKind::Blocker];
        for (i, a) in kinds.iter().enumerate() {
            for b in &kinds[i + 1..] {
                let (sa, sb) = (theme.path(*a), theme.path(*b));
                assert_ne!(sa.add_modifier, sb.add_modifier, "{a:?} and {b:?} differ in modifiers alone");
                assert!(!sa.add_modifier.contains(ratatui::style::Modifier::DIM), "dim means remembered");
            }
        }
    }
}

#[test]
fn enter_fires_along_the_preview_and_the_log_reports_it() {
    let mut app = hall(Theme::colour());
    app.handle(Command::Fire);
    let preview: Vec<Pos> = targeting::path(&app.game, cursor(&app)).iter().map(|c| c.pos).collect();
    let arrows = app.game.player.arrows;
    app.handle(Command::Confirm);
    assert_eq!(app.mode, Mode::Normal);
    assert_eq!(app.game.turn, 1);
    assert_eq!(app.game.player.arrows, arrows - 1);
    let shot = app.game.last_shot.clone().unwrap();
    assert!(preview.starts_with(&shot.path), "the shot flew along the preview: {shot:?} {preview:?}");
    let last = &app.game.log.messages().iter().rev().find(|m| m.text.starts_with("Your arrow")).unwrap().text;
    assert!(last.contains("goblin"), "{last}");
    // The next aim starts on the same goblin, if it lives, even with the archer nearer.
    if app.game.monsters.iter().any(|m| m.kind == sightline::map::MonsterKind::Goblin) {
        app.game.monsters.iter_mut().find(|m| m.kind == sightline::map::MonsterKind::Archer).unwrap().pos =
            Pos::new(4, 3);
        app.game.restore_derived(); // moved by hand, not by a turn
        app.game.act(Action::Wait);
        app.handle(Command::Fire);
        let goblin =
            app.game.monsters.iter().find(|m| m.kind == sightline::map::MonsterKind::Goblin).unwrap();
        assert_eq!(cursor(&app), goblin.pos, "the last target again");
    }
}

#[test]
fn a_monster_comes_into_view() {
    // A goblin waits round the corner of an L-shaped hall; two steps south bring it into view.
    let mut map =
        art(&["##############", "#@....########", "#.....########", "#...........g#", "##############"]);
    map.meta.name = "Corner".into();
    map.meta.sight_radius = Some(12);
    let mut app = App::new(GameState::new(map, 2).unwrap(), Theme::colour());
    assert!(app.game.visible_monsters().is_empty());
    assert!(!text(&draw(&app)).contains("goblin"));
    app.handle(Command::Move(Dir::S));
    assert!(app.game.visible_monsters().is_empty(), "the wall's corner still hides it");
    app.handle(Command::Move(Dir::S));
    assert_eq!(app.game.visible_monsters().len(), 1, "the goblin is in view");
    let screen = text(&draw(&app));
    assert!(screen.contains("You see a goblin."), "{screen}");
    insta::assert_snapshot!(screen);
}

/// A corridor whose east end is dark (sight radius 4): a pillar at (13, 2) that the player has
/// never seen lies on the line of a shot aimed east.
const DARK_PILLAR: &[&str] = &[
    "######################",
    "#....................#",
    "#.@..........#.......#",
    "#....................#",
    "######################",
];

#[test]
fn the_preview_does_not_give_away_a_wall_in_the_dark_and_stops_at_one_the_player_knows() {
    let mut map = art(DARK_PILLAR);
    map.meta.sight_radius = Some(4);
    let mut game = GameState::new(map, 3).unwrap();
    let (pillar, aim) = (Pos::new(13, 2), Pos::new(5, 2));
    assert!(game.is_visible(aim) && !game.is_visible(pillar) && !game.memory.is_known(pillar));
    // Never seen: the path runs on through the pillar's cell, unknown like the rest of the dark,
    // as far as the bow carries (range 12: to x = 14).
    let path = targeting::path(&game, aim);
    let at = |p: Pos| path.iter().find(|c| c.pos == p).map(|c| c.kind);
    assert_eq!(at(pillar), Some(PathKind::Unknown), "{path:?}");
    assert_eq!(path.last().map(|c| c.pos), Some(Pos::new(14, 2)), "{path:?}");
    assert!(path.iter().all(|c| c.kind != PathKind::Blocker), "{path:?}");
    assert_eq!(targeting::first_hit(&game, aim), "Will fall at 14,2, out of range (12).");
    // The arrow itself is stopped by the pillar.
    assert_eq!(game.act(Action::Fire { target: aim }), sightline::game::Acted::Turn);
    let shot = game.last_shot.clone().unwrap();
    assert_eq!(shot.path.last(), Some(&Pos::new(12, 2)), "{shot:?}");
    // Walk east until the pillar comes into view: from then on the preview ends on it.
    while !game.is_visible(pillar) {
        assert_eq!(game.act(Action::Move(Dir::E)), sightline::game::Acted::Turn);
    }
    // Back out of view, the remembered pillar still stops the preview.
    for _ in 0..3 {
        assert_eq!(game.act(Action::Move(Dir::W)), sightline::game::Acted::Turn);
    }
    assert!(!game.is_visible(pillar) && game.memory.is_known(pillar));
    let aim = Pos::new(game.player.pos.x + 1, 2);
    let path = targeting::path(&game, aim);
    assert_eq!(path.last(), Some(&targeting::PathCell { pos: pillar, kind: PathKind::Blocker }), "{path:?}");
    assert_eq!(targeting::first_hit(&game, aim), "Will strike a wall at 13,2.");
}

#[test]
fn the_preview_ends_at_the_map_edge_and_draws_nothing_past_it() {
    // A yard open to the map's edge: aimed east along the middle row, the arrow would fly off
    // the map. The edge stops it (outside is opaque), but no cell past the edge is part of the
    // path, so nothing is drawn in the margin beside the (small) map.
    let mut map = art(&["......", "@.....", "......"]);
    map.meta.name = "Yard".into();
    let mut app = App::new(GameState::new(map, 3).unwrap(), Theme::colour());
    app.handle(Command::Look);
    app.mode = Mode::Target { cursor: Pos::new(5, 1) };
    let path = targeting::path(&app.game, Pos::new(5, 1));
    assert_eq!(path.last().map(|s| s.pos), Some(Pos::new(5, 1)), "{path:?}");
    assert!(path.iter().all(|s| app.game.map.contains(s.pos)), "{path:?}");
    assert_path_styles(&app);
    let (x, y) = screen_of(&app, Pos::new(5, 1), Pos::new(6, 1));
    let terminal = draw(&app);
    assert_eq!(terminal.backend().buffer()[(x, y)].symbol(), " ", "the margin past the edge stays blank");

    // The panel and the log say the same of it: the edge stops the arrow, which falls inside.
    assert_eq!(targeting::first_hit(&app.game, Pos::new(5, 1)), "Will strike the edge of the map.");
    app.handle(Command::Confirm);
    let said = app.game.log.messages().iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join("\n");
    assert!(said.contains("Your arrow strikes the edge of the map"), "{said}");
    assert!(app.game.map.contains(app.game.last_shot.as_ref().unwrap().rest));
}

/// A hall wider than the map view at the smallest terminal: the player in its middle, a goblin
/// nine cells east, both on screen from the start.
const WIDE: &[&str] = &[
    "############################################################",
    "#..........................................................#",
    "#....................@........g............................#",
    "#..........................................................#",
    "############################################################",
];

/// The map box of a screen (the panel and the log left out), one string a row.
fn map_box(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buf = terminal.backend().buffer();
    let (w, h) = (buf.area.width - render::PANEL_WIDTH, buf.area.height - render::LOG_HEIGHT);
    (0..h).map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect()).collect()
}

/// The column and row where `c` is first drawn in `rows`.
fn find(rows: &[String], c: char) -> Option<(usize, usize)> {
    rows.iter().enumerate().find_map(|(y, r)| r.chars().position(|ch| ch == c).map(|x| (x, y)))
}

/// At the smallest terminal (60×18: a map view of 30×9 cells), entering aim mode, or look mode,
/// leaves the map where it was: the goblin the cursor starts on is on screen already, and
/// nothing moved. (The view once centred on the cursor: the map jumped nine columns sideways as
/// aiming began, and back as it ended.) A cursor moved past the edge of the view scrolls it just
/// far enough to keep the cursor on screen, the player still in view.
#[test]
fn aiming_at_a_monster_on_screen_does_not_scroll_the_map() {
    let (w, h) = (render::MIN_WIDTH, render::MIN_HEIGHT);
    let mut map = art(WIDE);
    map.meta.name = "Wide Hall".into();
    map.meta.sight_radius = Some(30); // the whole path in view: nothing but styles changes on it
    let mut app = App::new(GameState::new(map, 4).unwrap(), Theme::colour());
    let before = map_box(&screen::draw(&app, w, h));
    let (at, goblin) = (find(&before, '@').unwrap(), find(&before, 'g').unwrap());
    app.handle(Command::Fire);
    assert_eq!(cursor(&app), Pos::new(30, 2), "on the goblin");
    let aiming = screen::draw(&app, w, h);
    assert_eq!(map_box(&aiming), before, "the map did not move as aiming began");
    let (gx, gy) = (goblin.0 as u16, goblin.1 as u16);
    let reversed = |t: &Terminal<TestBackend>, x, y| {
        t.backend().buffer()[(x, y)].style().add_modifier.contains(Modifier::REVERSED)
    };
    assert!(reversed(&aiming, gx, gy), "the cursor on the goblin");
    app.handle(Command::Back);
    app.handle(Command::Look);
    app.mode = Mode::Look { cursor: Pos::new(30, 2) };
    assert_eq!(map_box(&screen::draw(&app, w, h)), before, "nor as looking at the goblin");

    // Aiming again, the cursor walks east off the view's edge (map x 35, screen column 30):
    // three steps past it, the map has scrolled three columns, the cursor on the last one.
    app.handle(Command::Back);
    app.handle(Command::Fire);
    for _ in 0..8 {
        app.handle(Command::Move(Dir::E));
    }
    assert_eq!(cursor(&app), Pos::new(38, 2));
    let far = screen::draw(&app, w, h);
    let rows = map_box(&far);
    assert_eq!(find(&rows, '@'), Some((at.0 - 3, at.1)), "scrolled three columns:\n{}", rows.join("\n"));
    let last = w - render::PANEL_WIDTH - 2;
    assert!(reversed(&far, last, gy), "the cursor on the view's last column");
    // Back on the player's view, the map is where it was.
    for _ in 0..8 {
        app.handle(Command::Move(Dir::W));
    }
    assert_eq!(map_box(&screen::draw(&app, w, h)), before);
}

/// The aiming hint names both keys that fire, Enter and `f` again (as the help says), on one
/// row at 80 columns.
#[test]
fn the_aim_hint_says_f_fires_too() {
    let mut app = hall(Theme::colour());
    app.handle(Command::Fire);
    let screen = text(&draw(&app));
    assert!(screen.contains("Enter/f fires, Esc cancels."), "{screen}");
    let arrows = app.game.player.arrows;
    let f = sightline::ui::input::command(
        crossterm::event::KeyEvent::from(crossterm::event::KeyCode::Char('f')),
        &app.mode,
    );
    app.handle(f.expect("f is bound while aiming"));
    assert_eq!(app.game.player.arrows, arrows - 1, "f fired");
}

/// `f` with no monster in view puts the cursor on the player and says so, with the keys the
/// aiming hint gives (the notice takes the hint's place, and once left the player without the
/// keys until the cursor moved); Enter on the player says to move the cursor, with them too.
#[test]
fn aiming_with_no_monster_in_view_tells_the_keys_at_once() {
    let mut map = art(&["#########", "#@......#", "#########"]);
    map.meta.sight_radius = Some(9);
    let mut app = App::new(GameState::new(map, 1).unwrap(), Theme::colour());
    app.handle(Command::Fire);
    assert_eq!(cursor(&app), app.game.player.pos);
    let screen = text(&draw(&app));
    assert!(
        screen.contains("No monster in view: move the cursor to aim; Enter/f fires, Esc cancels."),
        "{screen}"
    );
    app.handle(Command::Confirm);
    assert_eq!(cursor(&app), app.game.player.pos, "nothing fired");
    let screen = text(&draw(&app));
    assert!(screen.contains("Move the cursor to aim; Enter/f fires, Esc cancels."), "{screen}");
    app.handle(Command::Move(Dir::E));
    let screen = text(&draw(&app));
    assert!(screen.contains("Enter/f fires, Esc cancels."), "{screen}");
}
