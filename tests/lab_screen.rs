//! The lab screen, drawn into ratatui's TestBackend: snapshots of each overlay and of step mode
//! after 1, 2 and 5 rings, style checks where colour carries meaning, and every terminal size.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

use sightline::Pos;
use sightline::map::format::parse_text;
use sightline::ui::lab::keys::{LabCommand, apply};
use sightline::ui::lab::{InternalsView, Lab, LabStyle, OverlayState, map_view, panel, view};

#[cfg(unix)]
#[path = "support/within.rs"]
mod within;

/// A small map with a pillar room, a door, water, glass and two thin diagonal walls.
const ROWS: &str = "\
##############################
#............#...............#
#..#.....#...#....~~~~.......#
#............'....~~~~...#...#
#..@.........#...............#
#......#.....#.......\"\"\"\"....#
#............#...............#
######+#######.#.............#
#.............#.#............#
#..............#.#...........#
#...............#.#..........#
#................#.#.........#
#............................#
##############################
";

const W: u16 = 68;
const H: u16 = 24;

fn lab() -> Lab {
    let mut map = parse_text(ROWS, "lab-test.txt").expect("test map");
    map.meta.name = "Lab test".into();
    let mut lab = Lab::new(map);
    lab.set_radius(Some(8));
    lab
}

fn draw(lab: &Lab, style: &LabStyle, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, lab, style)).unwrap();
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let mut s = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            s.push_str(buf[(x, y)].symbol());
        }
        s.push('\n');
    }
    s
}

/// The rows of the panel, inside its border, trimmed.
fn panel_rows(buf: &Buffer) -> Vec<String> {
    let (w, h) = (buf.area.width, buf.area.height);
    let x0 = w - view::PANEL_WIDTH + 1;
    (1..h - 1)
        .map(|y| (x0..w - 1).map(|x| buf[(x, y)].symbol()).collect::<String>().trim().to_string())
        .collect()
}

/// The screen position of map cell `p` (the map fits: no scrolling, one border cell).
fn at(p: Pos) -> (u16, u16) {
    (p.x as u16 + 1, p.y as u16 + 1)
}

#[test]
fn plain_view() {
    let lab = lab();
    insta::assert_snapshot!("plain", text(&draw(&lab, &LabStyle::colour(), W, H)));
}

#[test]
fn internals_overlay() {
    let mut lab = lab();
    lab.cycle_internals();
    assert_eq!(lab.internals_view(), InternalsView::All);
    insta::assert_snapshot!("internals_all", text(&draw(&lab, &LabStyle::colour(), W, H)));
    lab.cycle_internals();
    lab.cycle_internals();
    assert_eq!(lab.internals_view(), InternalsView::Only(OverlayState::EdgeInView));
    insta::assert_snapshot!("internals_only_edge", text(&draw(&lab, &LabStyle::colour(), W, H)));
}

#[test]
fn diff_overlay_says_zero_differences() {
    let mut lab = lab();
    lab.toggle_diff();
    let screen = text(&draw(&lab, &LabStyle::colour(), W, H));
    assert!(screen.contains("0 differences"), "{screen}");
    insta::assert_snapshot!("diff", screen);
    // Under either algorithm.
    lab.toggle_algorithm();
    let screen = text(&draw(&lab, &LabStyle::colour(), W, H));
    assert!(screen.contains("reference") && screen.contains("0 differences"), "{screen}");
}

#[test]
fn step_mode_after_1_2_and_5_rings() {
    let mut lab = lab();
    lab.step_forward(); // enters at ring 0
    assert_eq!(lab.step(), Some(0));
    for (rings, name) in [(1, "step_1"), (2, "step_2"), (5, "step_5")] {
        while lab.step() != Some(rings) {
            lab.step_forward();
        }
        let buf = draw(&lab, &LabStyle::colour(), W, H);
        // A cell `rings` steps away is decided, one `rings + 1` away is not yet.
        let v = lab.viewer();
        assert_ne!(buf[at(Pos::new(v.x + rings as i32, v.y))].symbol(), " ", "{name}");
        assert_eq!(buf[at(Pos::new(v.x + rings as i32 + 1, v.y))].symbol(), " ", "{name}");
        insta::assert_snapshot!(name, text(&buf));
    }
    lab.toggle_step();
    assert_eq!(lab.step(), None);
}

#[test]
fn cursor_walk_marks_corners_and_the_first_blocker() {
    let mut lab = lab();
    lab.toggle_cursor();
    // The keys drive the cursor: from the viewer at (3,4) to (9,6).
    for _ in 0..6 {
        apply(&mut lab, LabCommand::Move(1, 0));
    }
    for _ in 0..2 {
        apply(&mut lab, LabCommand::Move(0, 1));
    }
    assert_eq!(lab.cursor(), Some(Pos::new(9, 6)));
    assert_eq!(lab.viewer(), Pos::new(3, 4), "the keys drove the cursor");
    // dx = 6, dy = 2: 6/2 and 2/2 are both odd, so the segment passes two lattice corners; the
    // pillar at (7,5) sits on the line (its centre is on it) and blocks it, both ways.
    let walk = lab.walk().unwrap().clone();
    assert_eq!(walk.diagonal_steps.len(), 2);
    assert_eq!(walk.blocker, Some(Pos::new(7, 5)));
    assert!(!walk.los_there && !walk.los_back);
    let buf = draw(&lab, &LabStyle::colour(), W, H);
    assert_eq!(buf[at(Pos::new(7, 5))].symbol(), "X");
    assert!(buf[at(Pos::new(7, 5))].modifier.contains(Modifier::REVERSED));
    // The cursor keeps its cell's glyph (floor), reversed.
    assert_eq!(buf[at(Pos::new(9, 6))].symbol(), ".");
    assert!(buf[at(Pos::new(9, 6))].modifier.contains(Modifier::REVERSED));
    insta::assert_snapshot!("cursor_blocked", text(&buf));
    // Along the open row the line is clear both ways, with no corner and no blocker.
    lab.set_cursor(Some(Pos::new(12, 4)));
    let walk = lab.walk().unwrap().clone();
    assert!(walk.los_there && walk.los_back && walk.blocker.is_none() && walk.diagonal_steps.is_empty());
    let screen = text(&draw(&lab, &LabStyle::colour(), W, H));
    assert!(screen.contains("LOS viewer->cursor: clear") && screen.contains("LOS cursor->viewer: clear"));
    insta::assert_snapshot!("cursor_clear", screen);
    // Tab gives the keys back to the viewer; the walk follows it.
    apply(&mut lab, LabCommand::SwitchDrive);
    apply(&mut lab, LabCommand::Move(0, -1));
    assert_eq!(lab.viewer(), Pos::new(3, 3));
    assert_eq!(lab.walk().unwrap().cells.first(), Some(&Pos::new(3, 3)));
}

#[test]
fn help_screen() {
    let mut lab = lab();
    apply(&mut lab, LabCommand::Help);
    insta::assert_snapshot!("help", text(&draw(&lab, &LabStyle::colour(), W, H)));
    // any key closes it without acting
    apply(&mut lab, LabCommand::Move(1, 0));
    assert!(!lab.help);
    assert_eq!(lab.viewer(), Pos::new(3, 4));
}

#[test]
fn colour_carries_visibility_and_state() {
    let mut lab = lab();
    let style = LabStyle::colour();
    let buf = draw(&lab, &style, W, H);
    let seen = &buf[at(Pos::new(5, 4))]; // floor next to the viewer
    let hidden = &buf[at(Pos::new(27, 12))]; // far corner, outside radius 8
    assert!(seen.modifier.contains(Modifier::BOLD) && !seen.modifier.contains(Modifier::DIM));
    assert!(hidden.modifier.contains(Modifier::DIM) && !hidden.modifier.contains(Modifier::BOLD));
    assert_eq!(buf[at(lab.viewer())].symbol(), "@");
    assert_eq!(buf[at(lab.viewer())].fg, Color::Yellow);
    // Internals: each state in its own colour.
    lab.cycle_internals();
    let buf = draw(&lab, &style, W, H);
    let tr = lab.internals();
    let mut seen_states = std::collections::HashMap::new();
    for y in 0..14 {
        for x in 0..30 {
            let p = Pos::new(x, y);
            if p == lab.viewer() {
                continue;
            }
            let cell = &buf[at(p)];
            let entry =
                seen_states.entry(OverlayState::of(tr, p)).or_insert((cell.symbol().to_string(), cell.fg));
            assert_eq!((entry.0.as_str(), entry.1), (cell.symbol(), cell.fg), "{p}: one look per state");
        }
    }
    let looks: std::collections::HashSet<_> = seen_states.values().collect();
    assert_eq!(looks.len(), seen_states.len(), "every state looks different: {seen_states:?}");
    assert!(seen_states.len() >= 3, "{seen_states:?}");
}

#[test]
fn no_color_keeps_every_distinction_in_glyphs_and_modifiers() {
    let mut lab = lab();
    let style = LabStyle::monochrome();
    lab.cycle_internals();
    lab.toggle_cursor();
    lab.set_cursor(Some(Pos::new(12, 1)));
    let buf = draw(&lab, &style, W, H);
    for cell in buf.content() {
        assert!(matches!(cell.fg, Color::Reset), "{cell:?}");
        assert!(matches!(cell.bg, Color::Reset), "{cell:?}");
    }
    let glyphs: std::collections::HashSet<char> =
        OverlayState::ALL.iter().map(|&s| style.internal(s).0).collect();
    assert_eq!(glyphs.len(), 5, "five states, five glyphs");
    assert!(buf[at(lab.viewer())].modifier.contains(Modifier::REVERSED));
    lab.toggle_cursor();
    lab.cycle_internals(); // only lit whole
    let buf = draw(&lab, &style, W, H);
    assert!(buf[at(Pos::new(27, 12))].modifier.contains(Modifier::DIM));
}

#[test]
fn any_terminal_size_draws_without_panicking() {
    let mut lab = lab();
    lab.toggle_cursor();
    lab.set_cursor(Some(Pos::new(20, 10)));
    lab.cycle_internals();
    for help in [false, true] {
        if lab.help != help {
            apply(&mut lab, LabCommand::Help);
        }
        assert_eq!(lab.help, help);
        for w in [0, 1, 2, 10, 40, 59, 60, 61, 80, 200] {
            for h in [0, 1, 2, 5, 15, 16, 17, 24, 60] {
                let buf = draw(&lab, &LabStyle::colour(), w, h);
                let screen = text(&buf);
                if w < view::MIN_WIDTH || h < view::MIN_HEIGHT {
                    if w >= 20 && h >= 3 {
                        assert!(screen.contains("too small"), "{w}x{h}");
                    }
                } else {
                    // the help box when help is up (over everything, at the smallest sizes),
                    // else the lab's panel and no help box
                    assert_eq!(screen.contains("┌ keys"), help, "{w}x{h}, help {help}: {screen}");
                    assert!(help || screen.contains("sightline lab"), "{w}x{h}: {screen}");
                }
            }
        }
    }
}

#[test]
fn a_big_map_scrolls_to_keep_the_viewer_in_sight() {
    let mut map = sightline::map::generate::open_room(200, 100);
    map.meta.sight_radius = Some(3);
    let mut lab = Lab::new(map);
    lab.set_viewer(Pos::new(150, 80));
    let buf = draw(&lab, &LabStyle::colour(), W, H);
    // The map pane (one border cell round it, the panel to its right) shows the viewer where
    // the scroll puts it: centred, the map being far larger than the pane both ways.
    let (inner_w, inner_h) = ((W - view::PANEL_WIDTH - 2) as i32, (H - 2) as i32);
    let (sx, sy) = (map_view::scroll(200, inner_w, 150), map_view::scroll(100, inner_h, 80));
    assert_eq!((sx, sy), (150 - inner_w / 2, 80 - inner_h / 2));
    let (x, y) = ((150 - sx + 1) as u16, (80 - sy + 1) as u16);
    assert_eq!(buf[(x, y)].symbol(), "@", "the viewer at {x},{y} in the pane:\n{}", text(&buf));
}

#[test]
fn radius_steps_reach_unlimited_and_come_back() {
    let mut lab = lab();
    let top = lab.max_finite_radius();
    assert!(top * top >= 30 * 30 + 14 * 14, "every cell is a candidate at the top radius");
    lab.set_radius(Some(top));
    lab.radius_up();
    assert_eq!(lab.radius(), None);
    lab.radius_up();
    assert_eq!(lab.radius(), None);
    lab.radius_down();
    assert_eq!(lab.radius(), Some(top));
    lab.set_radius(Some(0));
    lab.radius_down();
    assert_eq!(lab.radius(), Some(0));
    assert_eq!(lab.fov().len(), 1, "radius 0 sees only the viewer's cell");
}

#[test]
fn the_viewer_walks_through_walls_but_not_off_the_map() {
    let mut lab = lab();
    lab.set_viewer(Pos::new(0, 0));
    assert_eq!(lab.viewer(), Pos::new(0, 0));
    apply(&mut lab, LabCommand::Move(-1, -1));
    assert_eq!(lab.viewer(), Pos::new(0, 0));
    apply(&mut lab, LabCommand::Move(1, 0));
    assert_eq!(lab.viewer(), Pos::new(1, 0), "onto a wall");
    assert!(lab.fov().is_visible(Pos::new(1, 0)));
}

#[test]
fn export_writes_the_picture_named_in_the_panel() {
    let mut lab = lab();
    let dir = std::env::temp_dir().join(format!("sightline-lab-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    lab.export_dir = dir.clone();
    lab.cycle_internals();
    apply(&mut lab, LabCommand::Export);
    let message = lab.message.clone().unwrap();
    let name = sightline::ui::lab::export::file_name(&lab);
    assert_eq!(name, "sightline-lab-test-3-4-r8-multicast-internals.svg");
    assert!(message.contains(&name), "{message}");
    let written = std::fs::read_to_string(dir.join(&name)).unwrap();
    assert_eq!(written, sightline::picture::svg(&sightline::ui::lab::export::scene(&lab)));
    assert!(written.contains("edge of occluded area"), "the internals are in the picture");
    let rows = panel_rows(&draw(&lab, &LabStyle::colour(), 100, H));
    assert!(rows.concat().contains(&name), "{rows:#?}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Map names have no length limit, file names do: the export keeps the first 64 characters of
/// the name's slug (and the viewer and radius), so a map named with 240 letters exports like any
/// other.
#[test]
fn export_works_for_any_map_name() {
    let dir = std::env::temp_dir().join(format!("sightline-lab-long-name-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, slug, number) in [
        ("a".repeat(240), "a".repeat(64), ""),
        // (the same name as the map before, another picture: that one is kept, this numbered)
        ("A".repeat(10_000), "a".repeat(64), "-2"),
        // the cut falls right after a `-`, which goes too
        (format!("{} {}", "b".repeat(63), "c".repeat(300)), "b".repeat(63), ""),
        // other characters, multi-byte ones too, become one `-` per run before the cut
        (format!("{}é{}", "d".repeat(30), "ü".repeat(500)), "d".repeat(30), ""),
        (
            format!("{}é{}", "d".repeat(30), "f".repeat(500)),
            format!("{}-{}", "d".repeat(30), "f".repeat(33)),
            "",
        ),
        ("★".repeat(300), "map".into(), ""),
        ("Lab test".into(), "lab-test".into(), ""),
    ] {
        let mut map = parse_text(ROWS, "lab-test.txt").expect("test map");
        map.meta.name = name.clone();
        let mut lab = Lab::new(map);
        lab.set_radius(Some(8));
        lab.export_dir = dir.clone();
        apply(&mut lab, LabCommand::Export);
        let file = sightline::ui::lab::export::file_name(&lab);
        assert_eq!(file, format!("sightline-{slug}-3-4-r8-multicast.svg"), "{name:.20}...");
        let written = file.replace(".svg", &format!("{number}.svg"));
        assert_eq!(lab.message, Some(format!("wrote {written}")), "{name:.20}...");
        assert!(dir.join(&written).is_file(), "{written}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A view with more candidates than the reference limit (4000): asking for the reference (the
/// diff overlay, the algorithm key) draws the multicast's view and says why in the panel, with
/// the key that helps and the radius to reach; the radius named brings the diff back.
#[test]
fn a_view_too_big_for_the_reference_says_so_in_the_panel() {
    fn panel(lab: &Lab) -> String {
        let lines = panel::lines(lab, &LabStyle::colour());
        let text = |l: &ratatui::text::Line| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>();
        lines.iter().map(text).collect::<Vec<_>>().join("\n")
    }
    // 70×70 at unlimited radius: 4900 candidates.
    let mut lab = Lab::new(sightline::map::generate::open_room(70, 70));
    lab.set_viewer(Pos::new(35, 35));
    lab.set_radius(None);
    lab.toggle_diff();
    let p = panel(&lab);
    assert!(p.contains("[d] diff: skipped"), "{p}");
    let notice = "reference skipped: 4900 cells within the radius, limit 4000; - lowers the radius to 35, where it runs";
    assert!(p.contains(notice), "{p}");
    lab.toggle_algorithm();
    let p = panel(&lab);
    assert!(p.contains("[a] algorithm: multicast (reference skipped)"), "{p}");
    // The whole screen shows the notice too, wrapped in the panel.
    let screen = text(&draw(&lab, &LabStyle::colour(), W, H));
    assert!(screen.contains("reference skipped:"), "{screen}");
    // One press, from unlimited, to the radius the notice names.
    apply(&mut lab, LabCommand::RadiusDown);
    assert_eq!(lab.radius(), Some(35));
    let p = panel(&lab);
    assert!(p.contains("[a] algorithm: reference") && p.contains("[d] diff: 0 differences"), "{p}");
    assert!(!p.contains("skipped"), "{p}");
}

/// The map's name, drawn as the lab's title, comes from the map file: a right-to-left override
/// or an escape in it is drawn as U+FFFD, never handed to the terminal.
#[test]
fn a_map_name_with_control_characters_is_drawn_safely() {
    let mut map = parse_text(ROWS, "t.txt").unwrap();
    map.meta.name = "The \u{202e}Reversed\u{1b}[2J Hall".into();
    let lab = Lab::new(map);
    let shown = text(&draw(&lab, &LabStyle::colour(), W, H));
    assert!(shown.contains("The \u{FFFD}Reversed\u{FFFD}[2J Hall"), "{shown}");
    assert!(!shown.contains('\u{202e}') && !shown.contains('\u{1b}'), "{shown}");
}

/// A named pipe left under the picture's name used to stop the lab for good: opening it for
/// writing waits for a reader, with the terminal in raw mode. The export says it cannot write
/// there now, at once, and the pipe is left a pipe; the lab goes on.
#[cfg(unix)]
#[test]
fn export_onto_a_named_pipe_is_an_error_not_a_wait() {
    use std::os::unix::fs::FileTypeExt;
    let mut lab = lab();
    let dir = std::env::temp_dir().join(format!("sightline-lab-export-fifo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    lab.export_dir = dir.clone();
    let pipe = dir.join(sightline::ui::lab::export::file_name(&lab));
    assert!(std::process::Command::new("mkfifo").arg(&pipe).status().expect("mkfifo").success());
    let message = within::within(std::time::Duration::from_secs(20), "exporting onto a pipe", move || {
        apply(&mut lab, LabCommand::Export);
        lab.message.clone().unwrap()
    });
    assert!(message.starts_with("export failed: "), "{message}");
    assert!(message.ends_with("not a regular file (a named pipe that nothing reads)"), "{message}");
    assert!(std::fs::symlink_metadata(&pipe).unwrap().file_type().is_fifo(), "still a pipe");
    std::fs::remove_dir_all(dir).unwrap();
}

/// A map's name wider than the lab's map border is cut with "…", as in the game.
#[test]
fn a_long_map_name_ends_with_an_ellipsis() {
    let mut map = parse_text(ROWS, "lab-test.txt").expect("test map");
    map.meta.name = "A Name Far Too Long For The Border Of The Lab's Map Pane At This Width".into();
    let lab = Lab::new(map);
    let top = text(&draw(&lab, &LabStyle::colour(), W, H)).lines().next().unwrap().to_string();
    let title = top.split('┐').next().unwrap();
    assert!(title.starts_with("┌ A Name Far Too") && title.ends_with("… "), "{top}");
}

/// The panel names the exported file whole, broken only after its `-`s: the Pillared Hall's
/// picture, then `sightline-the-pillared-hall-8-13-unlimited.svg`, once showed as
/// `sightline-the-pillared-hall-8-13-u` with `nlimited.svg` on the next row.
#[test]
fn the_exported_file_is_named_whole_in_the_panel() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/pillars.ron");
    let mut lab = Lab::new(sightline::Map::load(&path).unwrap());
    lab.set_viewer(Pos::new(8, 13));
    lab.set_radius(None);
    let dir = std::env::temp_dir().join(format!("sightline-lab-export-name-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    lab.export_dir = dir.clone();
    apply(&mut lab, LabCommand::Export);
    let name = sightline::ui::lab::export::file_name(&lab);
    assert_eq!(name, "sightline-the-pillared-hall-8-13-unlimited-multicast.svg");
    assert!(dir.join(&name).is_file());
    for (w, h) in [(100, 32), (W, H), (view::MIN_WIDTH, view::MIN_HEIGHT)] {
        let rows = panel_rows(&draw(&lab, &LabStyle::colour(), w, h));
        let at = rows.iter().position(|r| r.starts_with("[e] export: wrote")).expect("the export row");
        let name_rows: Vec<&String> = rows[at + 1..].iter().take_while(|r| !r.is_empty()).collect();
        let joined: String = name_rows.iter().map(|r| r.as_str()).collect();
        assert_eq!(joined, name, "{w}x{h}: the name whole, from its own row: {rows:#?}");
        for r in &name_rows[..name_rows.len() - 1] {
            assert!(r.ends_with('-'), "{w}x{h}: broken after a '-': {rows:#?}");
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The "terminal too small" notice is one wording, from one function, in the game (on its map,
/// in its help) and in the lab (with its help open or not), naming the size each needs and the
/// key that quits. (The game said "Terminal too small: 40x10. sightline needs at least 60x18.
/// Enlarge the window (Ctrl-C quits).", the lab "Terminal too small (40x10): the lab needs at
/// least 60x16. Enlarge it to go on; q quits.")
#[test]
fn the_too_small_notice_reads_the_same_in_the_game_and_the_lab() {
    use sightline::game::GameState;
    use sightline::ui::app::Command;
    use sightline::ui::{App, Theme, render};
    // The screen's rows, trimmed, joined by spaces: the notice as one sentence.
    let sentence = |buf: &Buffer| {
        text(buf).lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
    };
    let game_notice =
        "Terminal too small: 40x10. sightline needs at least 60x18: enlarge the window (Ctrl-C quits).";
    let lab_notice =
        "Terminal too small: 40x10. sightline lab needs at least 60x16: enlarge the window (q quits).";
    let mut app = App::new(GameState::new(parse_text(ROWS, "t.txt").unwrap(), 1).unwrap(), Theme::colour());
    for help in [false, true] {
        if help {
            app.handle(Command::Help);
        }
        let mut terminal = Terminal::new(TestBackend::new(40, 10)).unwrap();
        terminal.draw(|f| render::draw(f, &app)).unwrap();
        assert_eq!(sentence(terminal.backend().buffer()), game_notice, "help {help}");
    }
    let mut lab = lab();
    for help in [false, true] {
        lab.help = help;
        assert_eq!(sentence(&draw(&lab, &LabStyle::colour(), 40, 10)), lab_notice, "help {help}");
    }
}

/// The panel's lines as text, one a line.
fn panel_text(lab: &Lab) -> String {
    let lines = panel::lines(lab, &LabStyle::colour());
    lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join("\n")
}

/// The lab on the Pillared Hall, from its player start (2,13), radius 16.
fn pillars() -> Lab {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/pillars.ron");
    let lab = Lab::new(sightline::Map::load(&path).unwrap());
    assert_eq!((lab.viewer(), lab.radius()), (Pos::new(2, 13), Some(16)));
    lab
}

/// Wide and tall enough for the whole Pillared Hall (63×32) beside the panel, unscrolled.
const PW: u16 = 63 + 2 + view::PANEL_WIDTH;
const PH: u16 = 32 + 2;

/// QA: the panel said "visible: 311 cells" over 163 `*`, the other visible cells drawn `%`
/// like edge cells out of view, and the filter after "all states" was named "only visible"
/// while it showed the cells lit whole. Now every state in view looks unlike every state out of
/// view, the cells in view are exactly those the panel counts, and the filters that together
/// show them are named for what they show.
#[test]
fn the_overlay_tells_the_cells_in_view_from_the_rest() {
    let mut lab = pillars();
    lab.cycle_internals();
    let buf = draw(&lab, &LabStyle::colour(), PW, PH);
    let look = |p: Pos| {
        let c = &buf[at(p)];
        (c.symbol().to_string(), c.fg, c.modifier)
    };
    let cells: Vec<Pos> = (0..32).flat_map(|y| (0..63).map(move |x| Pos::new(x, y))).collect();
    let others: Vec<Pos> = cells.iter().copied().filter(|&p| p != lab.viewer()).collect();
    let seen: std::collections::HashSet<_> =
        others.iter().filter(|&&p| lab.fov().is_visible(p)).map(|&p| look(p)).collect();
    let unseen: std::collections::HashSet<_> =
        others.iter().filter(|&&p| !lab.fov().is_visible(p)).map(|&p| look(p)).collect();
    assert!(seen.is_disjoint(&unseen), "in view {seen:?}, out of view {unseen:?}");
    assert!(panel_text(&lab).contains("visible: 311 cells"), "{}", panel_text(&lab));
    assert_eq!(lab.fov().len(), 311);

    // "only lit whole" and "only edge, in view" highlight the cells in view between them.
    let mut highlighted = std::collections::HashSet::new();
    for (state, name) in [(OverlayState::LitWhole, "lit whole"), (OverlayState::EdgeInView, "edge, in view")]
    {
        lab.cycle_internals();
        assert_eq!(lab.internals_view(), InternalsView::Only(state));
        assert!(panel_text(&lab).contains(&format!("[i] internals: only {name}")), "{}", panel_text(&lab));
        let buf = draw(&lab, &LabStyle::colour(), PW, PH);
        let (glyph, style) = LabStyle::colour().internal(state);
        for &p in &others {
            let c = &buf[at(p)];
            if c.symbol() == glyph.to_string() && c.fg == style.fg.unwrap() {
                assert!(highlighted.insert(p), "{p} in two filters");
            }
        }
    }
    let visible: std::collections::HashSet<Pos> =
        others.iter().copied().filter(|&p| lab.fov().is_visible(p)).collect();
    assert_eq!(highlighted, visible);
}

/// QA: with the cursor on a wall in view, the panel said "LOS viewer->cursor: blocked", which
/// read as a contradiction, and the cursor's reverse video hid whether its cell was in view.
/// The panel says whether it is, and why a wall in view can have a blocked LOS.
#[test]
fn the_panel_says_whether_the_cursor_is_in_view() {
    let mut lab = pillars();
    lab.toggle_cursor();
    lab.set_cursor(Some(Pos::new(0, 0)));
    assert!(lab.fov().is_visible(Pos::new(0, 0)) && !lab.walk().unwrap().los_there);
    let p = panel_text(&lab);
    assert!(p.contains("in view: yes"), "{p}");
    assert!(p.contains("LOS viewer->cursor: blocked"), "{p}");
    assert!(
        p.contains("a wall is in view when any ray reaches its diamond; LOS is the line between the centres")
    );
    // A floor in the radius the pillar at (8,11) hides; a floor beyond the radius.
    lab.set_cursor(Some(Pos::new(9, 11)));
    assert!(!lab.map().blocks_sight(Pos::new(9, 11)) && !lab.fov().is_visible(Pos::new(9, 11)));
    let p = panel_text(&lab);
    assert!(p.contains("in view: no") && !p.contains("beyond") && !p.contains("a wall is"), "{p}");
    lab.set_cursor(Some(Pos::new(40, 13)));
    assert!(panel_text(&lab).contains("in view: no, beyond the radius"), "{}", panel_text(&lab));
    // On the whole screen, under the cursor line.
    lab.set_cursor(Some(Pos::new(0, 0)));
    let rows = panel_rows(&draw(&lab, &LabStyle::colour(), PW, PH));
    let at = rows.iter().position(|r| r.starts_with("[x tab] cursor 0,0")).expect("the cursor row");
    assert_eq!(rows[at + 1], "in view: yes", "{rows:#?}");
}

/// QA: in step mode the `i` key named a filter the map did not apply (every state was drawn).
/// Now the filter applies to the rings reached: the state it picks drawn as its glyph, the
/// other cells reached as dimmed terrain, the rest blank.
#[test]
fn step_mode_applies_the_internals_filter() {
    let mut lab = lab();
    for _ in 0..6 {
        lab.step_forward();
    }
    assert_eq!(lab.step(), Some(5));
    lab.cycle_internals();
    lab.cycle_internals();
    assert_eq!(lab.internals_view(), InternalsView::Only(OverlayState::LitWhole));
    let buf = draw(&lab, &LabStyle::colour(), W, H);
    let (mut stars, mut dimmed) = (0, 0);
    for y in 0..14 {
        for x in 0..30 {
            let p = Pos::new(x, y);
            if p == lab.viewer() {
                continue;
            }
            let c = &buf[at(p)];
            let tr = lab.internals();
            if tr.ring(p) > 5 {
                assert_eq!(c.symbol(), " ", "{p}: not reached yet");
            } else if OverlayState::of(tr, p) == OverlayState::LitWhole {
                assert_eq!(c.symbol(), "*", "{p}");
                stars += 1;
            } else {
                assert_eq!(c.symbol(), lab.map().tile(p).glyph().to_string(), "{p}: terrain");
                assert!(c.modifier.contains(Modifier::DIM), "{p}: dimmed");
                dimmed += 1;
            }
        }
    }
    assert!(stars > 0 && dimmed > 0, "{stars} lit whole, {dimmed} others");
}

/// QA: the export of the reference's view overwrote the multicast's (one name for both), and
/// with the internals on its title said "(reference)" over the multicast's states. Each view
/// has its own name, the title says whose states are drawn, and the panel's message says what
/// of the screen the picture leaves out.
#[test]
fn exports_are_named_and_titled_for_what_they_draw() {
    let mut lab = lab();
    let dir = std::env::temp_dir().join(format!("sightline-lab-export-algo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    lab.export_dir = dir.clone();
    lab.cycle_internals();
    apply(&mut lab, LabCommand::Export);
    assert_eq!(lab.message.as_deref(), Some("wrote sightline-lab-test-3-4-r8-multicast-internals.svg"));
    apply(&mut lab, LabCommand::ToggleAlgorithm);
    apply(&mut lab, LabCommand::Export);
    assert_eq!(lab.message.as_deref(), Some("wrote sightline-lab-test-3-4-r8-reference-internals.svg"));
    // The same picture again replaces its own file.
    apply(&mut lab, LabCommand::Export);
    assert_eq!(lab.message.as_deref(), Some("wrote sightline-lab-test-3-4-r8-reference-internals.svg"));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let multicast = read("sightline-lab-test-3-4-r8-multicast-internals.svg");
    let reference = read("sightline-lab-test-3-4-r8-reference-internals.svg");
    assert!(multicast.contains("<title>Lab test: field of view from 3,4, radius 8 (multicast)</title>"));
    assert!(reference.contains(
        "<title>Lab test: field of view from 3,4, radius 8 (reference; internal states of the multicast)</title>"
    ));
    // The filter and the step ring are not drawn: the message says so.
    apply(&mut lab, LabCommand::CycleInternals);
    apply(&mut lab, LabCommand::StepForward);
    apply(&mut lab, LabCommand::Export);
    let message = lab.message.clone().unwrap();
    assert!(message.ends_with("; not drawn: the i filter, the step ring"), "{message}");
    // The cursor's walk is in the name.
    apply(&mut lab, LabCommand::ToggleStep);
    lab.toggle_cursor();
    lab.set_cursor(Some(Pos::new(9, 6)));
    assert_eq!(
        sightline::ui::lab::export::file_name(&lab),
        "sightline-lab-test-3-4-r8-reference-internals-to-9-6.svg"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// QA: at the lab's least size, 60×16, the help was cut after "q esc quit": the states and how
/// to close it could not be read. It scrolls now, with the game's help's keys, to its last line.
#[test]
fn the_help_scrolls_to_its_end_at_the_least_size() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use sightline::ui::lab::help::LINES;
    use sightline::ui::lab::keys::{handle, read};
    let (w, h) = (view::MIN_WIDTH, view::MIN_HEIGHT);
    let mut lab = lab();
    let press = |lab: &mut Lab, code: KeyCode| {
        let cmd = read(lab, KeyEvent::new(code, KeyModifiers::NONE)).expect("a key the lab knows");
        handle(lab, cmd, w, h);
        text(&draw(lab, &LabStyle::colour(), w, h))
    };
    let screen = press(&mut lab, KeyCode::Char('?'));
    assert!(screen.contains("↓ more below") && !screen.contains(LINES[LINES.len() - 1]), "{screen}");
    // Down, one line at a time, shows every line of the help, and stops at its end.
    let mut shown: std::collections::HashSet<&str> =
        LINES.iter().copied().filter(|l| screen.contains(l)).collect();
    for _ in 0..LINES.len() {
        let screen = press(&mut lab, KeyCode::Down);
        shown.extend(LINES.iter().copied().filter(|l| screen.contains(l)));
    }
    assert_eq!(shown.len(), LINES.iter().collect::<std::collections::HashSet<_>>().len());
    assert!(lab.help, "scrolling does not close the help");
    let end = text(&draw(&lab, &LabStyle::colour(), w, h));
    assert!(end.contains("↑ more above") && end.contains("key closes it (q quits)."), "{end}");
    assert_eq!(press(&mut lab, KeyCode::End), end, "already at the end");
    let top = press(&mut lab, KeyCode::Home);
    assert!(top.contains(LINES[0]), "{top}");
    press(&mut lab, KeyCode::PageDown);
    assert!(lab.help_scroll > 1);
    // Any other key closes it, and does nothing else.
    press(&mut lab, KeyCode::Char('l'));
    assert!(!lab.help);
    assert_eq!(lab.viewer(), Pos::new(3, 4));
}

/// QA: at 60×16 the panel's legend was cut without a word. Where the panel's lines are more
/// than its rows, its last row says how many are cut; where they fit, nothing is cut.
#[test]
fn a_panel_too_short_says_what_it_cuts() {
    let mut lab = lab();
    lab.cycle_internals();
    lab.step_forward();
    let (w, h) = (view::MIN_WIDTH, view::MIN_HEIGHT);
    let rows = panel_rows(&draw(&lab, &LabStyle::colour(), w, h));
    assert!(rows.iter().any(|r| r.contains("(blank) not yet reached")), "the whole legend: {rows:#?}");
    assert!(!rows.iter().any(|r| r.contains("cut")), "{rows:#?}");
    lab.toggle_cursor();
    let rows = panel_rows(&draw(&lab, &LabStyle::colour(), w, h));
    let last = rows.last().unwrap();
    assert!(last.starts_with("… ") && last.ends_with(" rows cut: make it taller"), "{rows:#?}");
    let rows = panel_rows(&draw(&lab, &LabStyle::colour(), w, 40));
    assert!(!rows.iter().any(|r| r.contains("cut")), "{rows:#?}");
}

/// Counts of one are singular: "visible: 1 cell", "walk: 1 cell".
#[test]
fn counts_of_one_are_singular() {
    let mut lab = lab();
    lab.set_radius(Some(0));
    lab.toggle_cursor();
    let p = panel_text(&lab);
    assert!(p.contains("visible: 1 cell\n") && p.contains("walk: 1 cell, 0 diagonal"), "{p}");
}
