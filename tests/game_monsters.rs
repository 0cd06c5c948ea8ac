//! Monsters that see with DDA, and arrows along DDA lines, played without a terminal on the
//! generated map families: sight is symmetric with the player's field of view, hunters follow
//! the player to where they last saw them, projectiles stop where the contract says, the
//! targeting preview is the shot's path, archers never shoot through walls or allies, and arrows
//! are conserved.

use std::cell::OnceCell;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
#[path = "game_maps/art.rs"]
mod art;

use art::art;
use sightline::Pos;
use sightline::dda::{self, Stop};
use sightline::game::ai::{self, MonsterAction, sees_player};
use sightline::game::ranged::{self, MissileWorld, ShotEnd};
use sightline::game::{Acted, Action, Dir, GameState, Mind};
use sightline::map::{Map, MonsterKind, MonsterSpawn, Tile, generate};
use sightline::ui::targeting::{self, PathKind};

/// Maps of every generated family, `n` of each, `w × h`.
fn family_maps(n: u64, w: usize, h: usize) -> Vec<Map> {
    let mut maps = Vec::new();
    for s in 0..n {
        maps.push(generate::cave(w, h, s));
        maps.push(generate::rooms(w, h, s));
        maps.push(generate::noise(w, h, 22, s));
        maps.push(generate::diagonal_lines(w, h, s));
        maps.push(generate::gaps(w, h, s));
        maps.push(generate::pillars(w, h, 3 + s as u32 % 3));
        maps.push(generate::maze(w, h, s));
    }
    maps
}

fn standable(map: &Map) -> Vec<Pos> {
    map.tiles.iter().filter(|(_, t)| !t.blocks_movement()).map(|(p, _)| p).collect()
}

/// `map` with the player at a random standable cell and up to `count` monsters of `kinds` at
/// other random standable cells; `None` if the map has too little room.
fn populate(mut map: Map, rng: &mut Xoshiro256PlusPlus, count: usize, kinds: &[MonsterKind]) -> Option<Map> {
    let mut free = standable(&map);
    if free.len() < 2 {
        return None;
    }
    let player = free.swap_remove(rng.random_range(0..free.len()));
    map.player_start = Some(player);
    map.monsters.clear();
    map.items.clear();
    for i in 0..count.min(free.len()) {
        let pos = free.swap_remove(rng.random_range(0..free.len()));
        map.monsters.push(MonsterSpawn { pos, kind: kinds[i % kinds.len()] });
    }
    Some(map)
}

#[test]
fn a_monster_notices_the_player_exactly_when_it_is_in_the_players_fov() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(61);
    let (mut seen, mut unseen) = (0, 0);
    for (n, base) in family_maps(4, 36, 22).into_iter().enumerate() {
        for trial in 0..3 {
            let Some(mut map) = populate(base.clone(), &mut rng, 40, &MonsterKind::ALL) else { continue };
            // Doors stay put during the monsters' turn, so what each sees is fixed by the start.
            for t in map.tiles.cells_mut() {
                if *t == Tile::DoorClosed {
                    *t = Tile::DoorOpen;
                }
            }
            map.meta.sight_radius = Some([6, 9, 14][trial]);
            let mut game = GameState::new(map, n as u64).unwrap();
            if trial == 2 {
                game.sight_radius = None;
                game.restore_derived();
            }
            // The sight check against the player's field of view, for every monster.
            for m in &game.monsters {
                let fov = game.is_visible(m.pos);
                assert_eq!(
                    sees_player(&game, m.pos),
                    fov,
                    "map {n} trial {trial}: {} at {}",
                    m.name(),
                    m.pos
                );
                if fov { seen += 1 } else { unseen += 1 }
            }
            // And in play: after one turn, exactly those in view have noticed the player.
            let before: Vec<(u32, Pos, bool)> =
                game.monsters.iter().map(|m| (m.id, m.pos, game.is_visible(m.pos))).collect();
            game.act(Action::Wait);
            for (id, pos, visible) in before {
                let Some(m) = game.monsters.iter().find(|m| m.id == id) else { continue };
                if visible {
                    assert_eq!(
                        m.mind,
                        Mind::Hunting { last_seen: game.player.pos },
                        "{} from {pos}",
                        m.name()
                    );
                } else {
                    assert_eq!((m.mind.clone(), m.pos), (Mind::Unaware, pos), "{} from {pos}", m.name());
                }
            }
        }
    }
    assert!(seen > 200 && unseen > 200, "both cases exercised: {seen} seen, {unseen} unseen");
}

/// The symmetry holds for every sight radius a map or a save can hold, up to `u32::MAX`: a
/// radius whose square does not fit in `i64` (from 3,037,000,500 on) once let the player see
/// monsters that never saw the player, and the radius plus the search's margin overflowed near
/// `u32::MAX`.
#[test]
fn monsters_see_the_player_exactly_as_far_as_the_player_sees_with_any_radius() {
    let map = art(&[
        "#########", //
        "#@..g...#",
        "#####.###",
        "#r......#",
        "#########",
    ]);
    for radius in [Some(3_037_000_499), Some(3_037_000_500), Some(u32::MAX - 8), Some(u32::MAX), None] {
        let mut game = GameState::new(map.clone(), 1).unwrap();
        game.sight_radius = radius;
        game.restore_derived();
        let (mut seen, mut hidden) = (0, 0);
        for p in standable(&game.map) {
            assert_eq!(sees_player(&game, p), game.is_visible(p), "at {p}, radius {radius:?}");
            if game.is_visible(p) { seen += 1 } else { hidden += 1 }
        }
        assert!(seen > 0 && hidden > 0, "radius {radius:?}: {seen} seen, {hidden} hidden");
        // The goblin in view notices the player and comes; the rat behind the wall sleeps on.
        assert_eq!(game.act(Action::Wait), Acted::Turn);
        let (goblin, rat) = (&game.monsters[0], &game.monsters[1]);
        assert_eq!(goblin.mind, Mind::Hunting { last_seen: Pos::new(1, 1) }, "radius {radius:?}");
        assert_eq!(goblin.pos, Pos::new(3, 1), "radius {radius:?}");
        assert_eq!((rat.mind.clone(), rat.pos), (Mind::Unaware, Pos::new(1, 3)), "radius {radius:?}");
    }
}

#[test]
fn a_hunter_that_loses_sight_goes_to_the_last_seen_cell_then_searches() {
    let map = art(&[
        "##########", //
        "#g......@#",
        "########.#",
        "#........#",
        "##########",
    ]);
    // (With this seed its search wanders where it cannot see the player: the search then runs
    // its full course, which is what is checked below; other seeds let it find the player.)
    let mut game = GameState::new(map, 3).unwrap();
    let last_seen = Pos::new(8, 1);
    game.act(Action::Wait);
    assert_eq!(game.monsters[0].mind, Mind::Hunting { last_seen });
    assert_eq!(game.monsters[0].pos, Pos::new(2, 1), "it comes");
    // The player ducks round the corner and walks west along the lower corridor, behind the wall.
    let moves = [Dir::S, Dir::SW, Dir::W, Dir::W, Dir::W, Dir::W];
    for (turn, dir) in moves.into_iter().enumerate() {
        assert_eq!(game.act(Action::Move(dir)), Acted::Turn);
        let g = &game.monsters[0];
        assert!(!game.is_visible(g.pos), "the wall keeps them apart (turn {turn})");
        assert_eq!(g.mind, Mind::Hunting { last_seen }, "it remembers where it saw the player");
        assert_eq!(g.pos, Pos::new(3 + turn as i32, 1), "one step a turn toward the last seen cell");
    }
    assert_eq!(game.monsters[0].pos, last_seen);
    game.act(Action::Move(Dir::W));
    // There, it starts looking around: SEARCH_TURNS more turns of it, one fewer each turn, then
    // it gives up, having never caught sight of the player again.
    assert_eq!(game.monsters[0].mind, Mind::Searching { turns_left: ai::SEARCH_TURNS });
    for turn in 1..=ai::SEARCH_TURNS + 1 {
        game.act(Action::Wait);
        let g = &game.monsters[0];
        assert!(!game.is_visible(g.pos), "still out of sight at {} (turn {turn})", g.pos);
        let want = match ai::SEARCH_TURNS.checked_sub(turn) {
            Some(left) => Mind::Searching { turns_left: left },
            None => Mind::Unaware,
        };
        assert_eq!(g.mind, want, "turn {turn} of the search");
    }
}

/// The far end of the ray from `from` through `target`, `k` times as far.
fn far(from: Pos, target: Pos, k: i32) -> Pos {
    from + Pos::new((target.x - from.x) * k, (target.y - from.y) * k)
}

#[test]
fn a_projectile_stops_at_the_first_blocker_of_its_line_or_the_first_creature_on_it() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let (mut blocked, mut hits, mut lattice) = (0, 0, 0);
    for base in family_maps(3, 30, 20) {
        let mut map = base;
        // Glass stops arrows too: sprinkle some.
        for _ in 0..6 {
            let p = Pos::new(rng.random_range(0..30), rng.random_range(0..20));
            if map.tile(p) == Tile::Floor {
                map.tiles.set(p, Tile::Glass);
            }
        }
        let free = standable(&map);
        if free.len() < 10 {
            continue;
        }
        let world = MissileWorld(&map);
        for _ in 0..25 {
            let from = free[rng.random_range(0..free.len())];
            let target = free[rng.random_range(0..free.len())];
            if from == target {
                continue;
            }
            let range = rng.random_range(4..25u32);
            let empty = ranged::flight(&map, from, target, range, |_| false);
            // Independent check on the ray's lattice points (cells whose centres lie on it): the
            // arrow reaches such a cell within range exactly when the segment to it is in line of
            // sight (the contract's LOS, over what stops arrows).
            let (dx, dy) = (target.x - from.x, target.y - from.y);
            let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i32;
            for k in 1.. {
                let c = from + Pos::new(dx / g * k, dy / g * k);
                if c.dist2(from) > i64::from(range) * i64::from(range) {
                    break;
                }
                if world_opaque(&map, c) {
                    continue;
                }
                lattice += 1;
                assert_eq!(
                    empty.cells().contains(&c),
                    dda::line_of_sight(from, c, &world),
                    "{from} -> {target}, lattice cell {c}, flight {:?}",
                    empty.stop()
                );
            }
            // The cells are the ray's walk, in order, up to where it stopped.
            let walk: Vec<Pos> = dda::cells(from, far(from, target, 60)).skip(1).collect();
            assert_eq!(empty.cells(), &walk[..empty.cells().len()]);
            if let Stop::Blocked(b) = empty.stop() {
                blocked += 1;
                assert_eq!(walk[empty.cells().len()], b, "the blocker is the next cell of the walk");
                assert!(world_opaque(&map, b));
            }
            // Put creatures on some cells of the line: it stops at the first, nowhere else.
            let on_line: Vec<Pos> =
                empty.cells().iter().copied().filter(|_| rng.random_range(0..6) == 0).collect();
            let shot = ranged::flight(&map, from, target, range, |p| on_line.contains(&p));
            match on_line.first() {
                Some(&first) => {
                    hits += 1;
                    assert_eq!(shot.stop(), Stop::Hit(first));
                    let at = empty.cells().iter().position(|&c| c == first).unwrap();
                    assert_eq!(shot.cells(), &empty.cells()[..=at]);
                }
                None => assert_eq!(shot, empty),
            }
        }
    }
    assert!(
        blocked > 50 && hits > 50 && lattice > 200,
        "{blocked} blocked, {hits} hits, {lattice} lattice cells"
    );
}

fn world_opaque(map: &Map, p: Pos) -> bool {
    let t = map.tile(p);
    t.blocks_sight() || t == Tile::Glass
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[test]
fn the_previewed_path_is_the_path_the_arrow_takes() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(99);
    let (mut equal, mut shots, mut unseen) = (0, 0, 0);
    for (n, base) in family_maps(3, 30, 20).into_iter().enumerate() {
        let Some(map) = populate(base, &mut rng, 12, &[MonsterKind::Orc]) else { continue };
        let mut game = GameState::new(map, n as u64).unwrap();
        game.player.arrows = 1000;
        game.player.max_hp = 10_000;
        game.player.hp = 10_000;
        let free = standable(&game.map);
        for _ in 0..15 {
            if game.is_over() {
                break;
            }
            // Aim at a monster in view half the time, at any cell otherwise.
            let seen = game.visible_monsters();
            let target = if !seen.is_empty() && rng.random_range(0..2) == 0 {
                seen[rng.random_range(0..seen.len())].pos
            } else {
                free[rng.random_range(0..free.len())]
            };
            if target == game.player.pos {
                continue;
            }
            // The cells the preview shows the arrow flying through, past the monsters on the
            // line (a miss flies on): all but the blocker it ends on, if any (a blocker the player
            // knows of: in view or remembered; the map's edge ends the path with no cell past it).
            let expected_end = ranged::preview_past_monsters(&game, target).stop();
            // (the first monster met, which the panel names, is on that line)
            let first_met = ranged::preview(&game, target);
            let mut shown = targeting::path(&game, target);
            assert!(shown.iter().all(|c| game.map.contains(c.pos)), "a cell off the map: {shown:?}");
            if let Stop::Blocked(b) = expected_end
                && game.map.contains(b)
            {
                let last = shown.pop().unwrap();
                assert_eq!(last.pos, b);
                let known = game.is_visible(b) || game.memory.is_known(b);
                assert_eq!(last.kind == PathKind::Blocker, known, "{b}: {last:?}");
                assert!(known, "an unknown cell stopped the preview at {b}");
            }
            let preview: Vec<Pos> = shown.iter().map(|c| c.pos).collect();
            assert!(shown.iter().all(|c| c.kind != PathKind::Blocker));
            if let Stop::Hit(first) = first_met.stop() {
                assert!(preview.starts_with(first_met.cells()), "{first} is on the previewed line");
                assert_eq!(shown[first_met.cells().len() - 1].kind, PathKind::Monster);
            }
            // Nothing unknown ends the preview: the cells out of view that it flies through may
            // hold walls the player has never seen (the arrow stops there, the preview does not),
            // or differ from what the player remembers, or hold a creature.
            let blocker = match expected_end {
                Stop::Blocked(b) => Some(b),
                _ => None,
            };
            let unseen_on_line = preview.iter().copied().chain(blocker).any(|p| {
                !game.is_visible(p)
                    && (game.memory.tile(p) != Some(game.map.tile(p)) || game.monster_at(p).is_some())
            });
            assert_eq!(game.act(Action::Fire { target }), Acted::Turn);
            shots += 1;
            let report = game.last_shot.clone().unwrap();
            if unseen_on_line {
                // Something the player could not see was on the line: both walk the same ray,
                // one as far as the other.
                assert!(preview.starts_with(&report.path) || report.path.starts_with(&preview));
                unseen += 1;
                continue;
            }
            // The arrow flies along the previewed line; only a hit stops it short of the end.
            assert!(
                preview.starts_with(&report.path),
                "preview {preview:?} ending {expected_end:?}, flew {report:?} from {}",
                game.player.pos
            );
            if report.end == ShotEnd::from(expected_end) {
                assert_eq!(report.path, preview);
                equal += 1;
            } else {
                assert!(matches!(report.end, ShotEnd::Hit(_)), "only a hit ends the shot short: {report:?}");
            }
        }
    }
    assert!(
        shots > 100 && equal > 50 && unseen > 0,
        "{shots} shots, {equal} exactly as previewed, {unseen} past the unseen"
    );
}

#[test]
fn an_archer_never_shoots_through_a_wall_or_an_ally() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let kinds = [MonsterKind::Archer, MonsterKind::Archer, MonsterKind::Goblin];
    let (mut shots, mut held) = (0, 0);
    for (n, base) in family_maps(3, 30, 20).into_iter().enumerate() {
        for _ in 0..3 {
            let Some(mut map) = populate(base.clone(), &mut rng, 30, &kinds) else { continue };
            for _ in 0..8 {
                let p = Pos::new(rng.random_range(0..30), rng.random_range(0..20));
                if map.tile(p) == Tile::Floor
                    && map.player_start != Some(p)
                    && !map.monsters.iter().any(|m| m.pos == p)
                {
                    map.tiles.set(p, Tile::Glass);
                }
            }
            let game = GameState::new(map, n as u64).unwrap();
            let player = game.player.pos;
            for (i, m) in game.monsters.iter().enumerate() {
                if m.kind != MonsterKind::Archer {
                    continue;
                }
                let decision = ai::decide(&game, i, &OnceCell::new());
                // Independently: the segment is clear of everything that stops arrows (the
                // contract's LOS) and no other creature stands on a cell it crosses.
                let walls_clear = dda::line_of_sight(m.pos, player, &MissileWorld(&game.map));
                let between: Vec<Pos> = dda::cells(m.pos, player).collect();
                let ally = between[1..between.len() - 1].iter().any(|&c| game.monster_at(c).is_some());
                if decision.action == MonsterAction::Shoot {
                    shots += 1;
                    assert!(walls_clear, "archer at {} shot through a wall at {player}", m.pos);
                    assert!(!ally, "archer at {} shot through an ally at {player}", m.pos);
                } else if sees_player(&game, m.pos) && (ally || !walls_clear) {
                    held += 1;
                }
            }
        }
    }
    assert!(shots > 30 && held > 10, "{shots} shots, {held} held back");
}

#[test]
fn an_archer_behind_an_ally_does_not_shoot_and_keeps_its_distance() {
    let map = art(&["############", "#@....g.a..#", "############"]);
    let mut game = GameState::new(map, 1).unwrap();
    assert!(sees_player(&game, Pos::new(8, 1)), "it sees past the goblin");
    assert_ne!(ai::decide(&game, 1, &OnceCell::new()).action, MonsterAction::Shoot);
    // With the goblin gone, it shoots. (Monsters moved by hand: the index of who stands where
    // is rebuilt.)
    game.monsters.remove(0);
    game.restore_derived();
    assert_eq!(ai::decide(&game, 0, &OnceCell::new()).action, MonsterAction::Shoot);
    // Too close, it backs away.
    game.monsters[0].pos = Pos::new(3, 1);
    game.restore_derived();
    assert_eq!(ai::decide(&game, 0, &OnceCell::new()).action, MonsterAction::Step(Pos::new(4, 1)));
}

/// In the open, an archer whose line an ally blocks steps aside to a cell with a clear shot
/// (and not into the player's reach), then shoots; it does not walk in behind the ally.
#[test]
fn an_archer_blocked_by_an_ally_steps_aside_to_a_clear_shot() {
    let map = art(&["##########", "#........#", "#@...g.a.#", "#........#", "##########"]);
    let game = GameState::new(map, 1).unwrap();
    let archer = Pos::new(7, 2);
    assert!(sees_player(&game, archer) && !ai::clear_shot(&game, archer, 8), "the goblin is in the way");
    let MonsterAction::Step(to) = ai::decide(&game, 1, &OnceCell::new()).action else {
        panic!("the archer should step aside");
    };
    assert_eq!(to.chebyshev(archer), 1);
    assert!(ai::clear_shot(&game, to, 8), "from {to} the shot is clear");
    assert!(to.chebyshev(game.player.pos) > 2, "it keeps its distance");
    // Once there, it shoots.
    let mut game = game;
    game.monsters[1].pos = to;
    game.restore_derived();
    assert_eq!(ai::decide(&game, 1, &OnceCell::new()).action, MonsterAction::Shoot);
}

#[test]
fn arrows_are_conserved() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    let (mut broke, mut picked) = (0u32, 0u32);
    for (n, base) in family_maps(2, 30, 20).into_iter().enumerate() {
        let Some(mut map) = populate(base, &mut rng, 8, &MonsterKind::ALL) else { continue };
        for p in standable(&map).into_iter().step_by(23) {
            map.items.push(sightline::map::ItemSpawn { pos: p, kind: sightline::map::ItemKind::Arrows });
        }
        let mut game = GameState::new(map, n as u64).unwrap();
        game.player.max_hp = 10_000;
        game.player.hp = 10_000;
        let total = game.arrows_total();
        let free = standable(&game.map);
        for _ in 0..120 {
            let before = game.player.arrows;
            let action = match rng.random_range(0..4) {
                0 | 1 => Action::Fire { target: free[rng.random_range(0..free.len())] },
                2 => Action::PickUp,
                _ => Action::Move(Dir::ALL[rng.random_range(0..8)]),
            };
            game.act(action);
            if action == Action::PickUp && game.player.arrows > before {
                picked += 1;
            }
            assert_eq!(game.arrows_total(), total, "after {action:?} on map {n}");
        }
        broke += game.arrows_broken;
    }
    assert!(broke > 5 && picked > 5, "{broke} broken, {picked} pick-ups of arrows");
}

#[test]
fn a_missed_arrow_flies_on_and_lands_before_the_wall() {
    let map = art(&["##########", "#@.r.....#", "##########"]);
    // Find a seed whose first roll misses the rat and whose arrow does not break: the arrow
    // then flies on to the east wall and lies before it.
    let (game, report) = (0..200)
        .find_map(|seed| {
            let mut game = GameState::new(map.clone(), seed).unwrap();
            game.act(Action::Fire { target: Pos::new(3, 1) });
            let report = game.last_shot.clone().unwrap();
            (matches!(report.end, ShotEnd::Blocked(_)) && !report.broke).then_some((game, report))
        })
        .expect("some seed misses and keeps its arrow");
    assert_eq!(report.end, ShotEnd::Blocked(Pos::new(9, 1)));
    assert_eq!(report.path, (2..=8).map(|x| Pos::new(x, 1)).collect::<Vec<_>>());
    assert!(game.log.messages().iter().any(|m| m.text == "Your arrow misses the rat."));
    assert_eq!(report.rest, Pos::new(8, 1));
    assert!(game.items.iter().any(|i| i.pos == Pos::new(8, 1)));
}

#[test]
fn a_goblin_opens_the_door_shut_in_its_face_and_a_rat_cannot() {
    for (glyph, opens) in [('g', true), ('r', false)] {
        let row = format!("#@.'....{glyph}#");
        let map = art(&["##########", &row, "##########"]);
        let mut game = GameState::new(map, 4).unwrap();
        let door = Pos::new(3, 1);
        game.act(Action::Move(Dir::E));
        assert_eq!(game.monsters[0].mind, Mind::Hunting { last_seen: Pos::new(2, 1) }, "{glyph}");
        assert_eq!(game.act(Action::Close(Dir::E)), Acted::Turn);
        assert!(game.visible_monsters().is_empty());
        for _ in 0..6 {
            game.act(Action::Wait);
        }
        let m = &game.monsters[0];
        if opens {
            assert_eq!(game.map.tile(door), Tile::DoorOpen, "the goblin opened it");
            // (from behind the closed door: the player sees the door open, not who opened it)
            assert!(game.log.messages().iter().any(|l| l.text == "A door opens."));
            assert!(!game.log.messages().iter().any(|l| l.text == "The goblin opens a door."));
            assert!(m.pos.x <= 3, "and came through: {}", m.pos);
        } else {
            assert_eq!(game.map.tile(door), Tile::DoorClosed, "a rat cannot open doors");
            assert!(m.pos.x > 3, "it stays on its side: {}", m.pos);
            assert!(matches!(m.mind, Mind::Searching { .. } | Mind::Unaware), "{:?}", m.mind);
        }
    }
}

#[test]
fn a_wanderer_steps_only_into_free_standable_cells() {
    // `wander_steps` looks at the creatures once for all eight neighbours; it must offer exactly
    // the neighbours the plain definition allows, in the same order (the turn draws one of them
    // at random by index): inside the map, standable terrain, nobody there.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(83);
    let mut offered = 0;
    for base in family_maps(2, 20, 12) {
        // crowded, so that many neighbours are taken
        let Some(map) = populate(base, &mut rng, 120, &MonsterKind::ALL) else { continue };
        let game = GameState::new(map, 3).unwrap();
        for m in &game.monsters {
            let plain: Vec<Pos> = m
                .pos
                .neighbours8()
                .into_iter()
                .filter(|&n| {
                    game.map.contains(n)
                        && !game.map.blocks_movement(n)
                        && n != game.player.pos
                        && game.monsters.iter().all(|o| o.pos != n)
                })
                .collect();
            assert_eq!(ai::wander_steps(&game, m).collect::<Vec<_>>(), plain, "{:?}", m.pos);
            offered += plain.len();
        }
    }
    assert!(offered > 100, "{offered}");
}
