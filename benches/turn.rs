//! One game turn on the large bundled map with 50 monsters hunting, against one unlimited-radius
//! field of view on the same map, in the same run; and one frame drawn to a 200×60 terminal.
//!
//! The turn is everything the rules do for one player step: the move, the field of view and
//! memory, then every monster's sight check (DDA line of sight) and move (one shared distance
//! map, or the route it is following). No rendering. The target is a turn at most three times
//! the cost of the unlimited field of view.
//!
//! Two set-ups: `hunt` keeps the 50 monsters of the map nearest the player (the others are
//! removed), each told where the player stands: all are out of sight, more than 30 cells away,
//! and walk their routes there; `crowd` replaces the map's monsters with 50 on the floor nearest
//! the player, all in the hall with the player, seeing and chasing at once (the shared distance
//! map).
//!
//! Run: `cargo bench --bench turn`.

use std::hint::black_box;
use std::path::Path;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use sightline::fov::{Fov, multicast};
use sightline::game::movement::can_step;
use sightline::game::{Action, Dir, GameState, Mind, Monster};
use sightline::map::Map;
use sightline::map::format::load_path;
use sightline::ui::{App, Theme, render};

const AWAKE: usize = 50;

fn large_map() -> Map {
    load_path(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/large.ron")).expect("maps/large.ron loads")
}

/// The game with `AWAKE` monsters hunting, after a few turns so that routes are found and the
/// state is the steady one a turn starts from.
fn awake(mut game: GameState) -> GameState {
    let at = game.player.pos;
    for m in &mut game.monsters {
        m.mind = Mind::Hunting { last_seen: at };
    }
    for _ in 0..3 {
        game.act(Action::Wait);
    }
    assert_eq!(game.monsters.len(), AWAKE, "nobody died during the warm-up");
    game
}

fn hunt() -> GameState {
    let mut game = GameState::new(large_map(), 7).unwrap();
    let at = game.player.pos;
    game.monsters.sort_by_key(|m| m.pos.dist2(at));
    game.monsters.truncate(AWAKE);
    game.monsters.sort_by_key(|m| m.id);
    game.restore_derived(); // the monsters were changed by hand
    game.player.hp = 10_000;
    awake(game)
}

fn crowd() -> GameState {
    let mut game = GameState::new(large_map(), 7).unwrap();
    let at = game.player.pos;
    let mut floor: Vec<_> = game
        .map
        .tiles
        .iter()
        .filter(|(p, t)| !t.blocks_movement() && p.chebyshev(at) >= 2)
        .map(|(p, _)| p)
        .collect();
    floor.sort_by_key(|p| p.dist2(at));
    let kinds = sightline::map::MonsterKind::ALL;
    game.monsters = floor[..AWAKE]
        .iter()
        .enumerate()
        .map(|(i, &p)| Monster::new(i as u32, kinds[i % kinds.len()], p))
        .collect();
    game.restore_derived(); // the monsters were changed by hand
    game.player.hp = 10_000;
    awake(game)
}

/// A step the player can take from where they stand.
fn free_step(game: &GameState) -> Dir {
    Dir::ALL
        .into_iter()
        .find(|&d| {
            can_step(&game.map, game.player.pos, d) && game.monster_at(game.player.pos + d.delta()).is_none()
        })
        .expect("the player can move")
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("turn");
    for (name, game) in [("hunt", hunt()), ("crowd", crowd())] {
        let dir = free_step(&game);
        let in_view = game.visible_monsters().len();
        eprintln!("turn/{name}: {} monsters awake, {in_view} in view at the start", game.monsters.len());
        group.bench_function(format!("{name}/one_turn_50_awake"), |b| {
            b.iter_batched_ref(
                || game.clone(),
                |g| g.act(black_box(Action::Move(dir))),
                BatchSize::SmallInput,
            )
        });
    }
    let game = hunt();
    let mut fov = Fov::new(game.map.width(), game.map.height());
    group.bench_function("fov_unlimited", |b| {
        b.iter(|| multicast::compute(black_box(game.player.pos), None, &game.map, &mut fov))
    });
    let app = App::new(game, Theme::colour());
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    group.bench_function("frame_200x60", |b| {
        b.iter(|| {
            terminal.draw(|f| render::draw(f, black_box(&app))).unwrap();
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
