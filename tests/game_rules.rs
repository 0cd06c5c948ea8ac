//! The rules, played without a terminal: sight, memory, doors, combat, items, determinism.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
#[path = "game_maps/art.rs"]
mod art;

use art::art;
use sightline::fov::Fov;
use sightline::game::{Acted, Action, Dir, GameState, Outcome};
use sightline::map::{ItemKind, ItemSpawn, Map, MonsterKind, MonsterSpawn, Tile};
use sightline::{Grid, Pos};

/// The field of view computed afresh with `fov::multicast`, sorted, for comparison with the game's.
fn fresh_fov(game: &GameState) -> Vec<Pos> {
    let mut fov = Fov::new(game.map.width(), game.map.height());
    sightline::fov::multicast::compute(game.player.pos, game.sight_radius, &game.map, &mut fov);
    let mut cells = fov.cells().to_vec();
    cells.sort();
    cells
}

fn game_fov(game: &GameState) -> Vec<Pos> {
    let mut cells = game.view().cells().to_vec();
    cells.sort();
    cells
}

fn texts(game: &GameState) -> Vec<String> {
    game.log.messages().iter().map(|m| m.text.clone()).collect()
}

const TWO_ROOMS: &[&str] = &["###########", "#....#....#", "#.@..+....#", "#....#....#", "###########"];

#[test]
fn a_closed_door_hides_the_room_behind_it_and_opening_it_shows_it() {
    let mut game = GameState::new(art(TWO_ROOMS), 1).unwrap();
    let behind = Pos::new(8, 2);
    assert!(!game.is_visible(behind));
    assert!(game.is_visible(Pos::new(5, 2)), "the door itself is seen");
    assert!(!game.memory.is_known(behind));
    game.act(Action::Move(Dir::E));
    game.act(Action::Move(Dir::E));
    assert_eq!(game.player.pos, Pos::new(4, 2));
    assert_eq!(game.act(Action::Move(Dir::E)), Acted::Turn, "bumping a door opens it");
    assert_eq!(game.map.tile(Pos::new(5, 2)), Tile::DoorOpen);
    assert_eq!(game.player.pos, Pos::new(4, 2), "opening does not move");
    assert!(game.is_visible(behind));
    assert!(game.memory.is_known(behind));
    assert_eq!(game_fov(&game), fresh_fov(&game));
    assert_eq!(game.act(Action::Close(Dir::E)), Acted::Turn);
    assert!(!game.is_visible(behind));
    assert!(game.memory.is_known(behind), "memory keeps what was seen");
}

#[test]
fn the_view_is_recomputed_after_every_action() {
    let map = art(&[
        "##############",
        "#....#.......#",
        "#.@..+...##..#",
        "#....#..g....#",
        "#.!..#.......#",
        "######'#######",
        "#....#.......#",
        "##############",
    ]);
    let mut game = GameState::new(map, 7).unwrap();
    let actions = [
        Action::Move(Dir::S),
        Action::Move(Dir::S),
        Action::PickUp,
        Action::Move(Dir::NE),
        Action::Move(Dir::NE),
        Action::Move(Dir::E),
        Action::Open(Dir::E),
        Action::Wait,
        Action::Move(Dir::E),
        Action::Close(Dir::W),
        Action::Move(Dir::E),
    ];
    for a in actions {
        game.act(a);
        assert_eq!(game_fov(&game), fresh_fov(&game), "after {a:?} at turn {}", game.turn);
        for &p in game.view().cells() {
            assert_eq!(game.memory.tile(p), Some(game.map.tile(p)), "memory of visible {p}");
        }
    }
}

#[test]
fn memory_keeps_a_door_as_last_seen_after_it_changes_out_of_sight() {
    let map = art(&["##########", "#@.'.....#", "#.########", "#.#", "#.#", "#.#", "#.#", "###"]
        .map(|r| format!("{r:#<10}"))
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    let door = Pos::new(3, 1);
    let mut game = GameState::new(map, 3).unwrap();
    assert!(game.is_visible(door));
    assert_eq!(game.memory.tile(door), Some(Tile::DoorOpen));
    // Walk to the bottom of the side corridor, out of the door's sight.
    while game.act(Action::Move(Dir::S)) == Acted::Turn {}
    assert_eq!(game.player.pos, Pos::new(1, 6));
    assert!(!game.is_visible(door));
    // Something closes it behind the player's back.
    game.map.tiles.set(door, Tile::DoorClosed);
    game.act(Action::Wait);
    assert!(!game.is_visible(door), "closed, it is still out of sight");
    assert_eq!(game.memory.tile(door), Some(Tile::DoorOpen), "remembered as last seen");
    // Back in view, the memory catches up.
    while !game.is_visible(door) {
        assert_eq!(game.act(Action::Move(Dir::N)), Acted::Turn);
    }
    assert_eq!(game.memory.tile(door), Some(Tile::DoorClosed));
}

#[test]
fn glass_and_water_let_sight_through_but_not_the_player() {
    let map = art(&["#######", "#@.\"..#", "#..~..#", "#######"]);
    let mut game = GameState::new(map, 0).unwrap();
    assert!(game.is_visible(Pos::new(5, 1)), "seen through glass");
    assert!(game.is_visible(Pos::new(5, 2)), "seen across water");
    game.act(Action::Move(Dir::E));
    assert_eq!(game.act(Action::Move(Dir::E)), Acted::NoTurn);
    assert_eq!(game.player.pos, Pos::new(2, 1));
    assert_eq!(game.act(Action::Move(Dir::SE)), Acted::NoTurn);
    assert_eq!(game.turn, 1, "failed moves take no time");
}

#[test]
fn diagonal_moves_pass_between_walls_that_touch_at_a_corner() {
    // The contract: two walls touching only at a corner leave a gap that sight and movement
    // pass. The player sees (2,2) through it, and can step there.
    let map = art(&["#####", "#@#.#", "##..#", "#####"]);
    let mut game = GameState::new(map, 0).unwrap();
    assert!(game.is_visible(Pos::new(2, 2)));
    assert_eq!(game.act(Action::Move(Dir::SE)), Acted::Turn);
    assert_eq!(game.player.pos, Pos::new(2, 2));
    // A monster follows the same rule: a goblin behind the gap comes through it.
    let map = art(&["######", "#@#..#", "##.g.#", "######"]);
    let mut game = GameState::new(map, 0).unwrap();
    game.act(Action::Wait);
    assert_eq!(game.monsters[0].pos, Pos::new(2, 2), "it closes in");
    game.act(Action::Wait);
    assert_eq!(game.monsters[0].pos, Pos::new(2, 2), "and attacks through the gap instead of moving");
    assert!(
        texts(&game).iter().any(|t| t.starts_with("The goblin hits you") || t == "The goblin misses you.")
    );
}

#[test]
fn monsters_in_view_chase_and_fight_and_can_kill_the_player() {
    let map = art(&["##########", "#@......o#", "##########"]);
    let mut game = GameState::new(map, 11).unwrap();
    assert!(texts(&game).iter().any(|t| t == "You see an orc."));
    let start = game.monsters[0].pos;
    game.act(Action::Wait);
    assert_eq!(game.monsters[0].pos, start - Pos::new(1, 0), "it closes in");
    let mut turns = 0;
    while !game.is_over() {
        game.act(Action::Wait);
        turns += 1;
        assert!(turns < 500, "an orc always kills a player who waits");
    }
    assert!(matches!(&game.outcome, Outcome::Dead { killer } if killer == "an orc"));
    let log = texts(&game);
    let hit = log.iter().find(|t| t.starts_with("The orc hits you for ")).expect("a hit message");
    let damage = hit.trim_start_matches("The orc hits you for ").trim_end_matches('.');
    assert!(damage.parse::<i32>().is_ok_and(|n| n > 0), "{hit}");
    assert!(game.player.hp <= 0);
    assert_eq!(game.act(Action::Wait), Acted::NoTurn, "nothing happens after death");
}

#[test]
fn a_monster_out_of_sight_stays_put() {
    let map = art(&["#########", "#@..+..g#", "#########"]);
    let mut game = GameState::new(map, 5).unwrap();
    let start = game.monsters[0].pos;
    for _ in 0..5 {
        game.act(Action::Wait);
    }
    assert_eq!(game.monsters[0].pos, start);
    assert!(!texts(&game).iter().any(|t| t.contains("goblin")));
}

#[test]
fn bumping_a_monster_attacks_it_until_it_dies() {
    let map = art(&["#####", "#@r.#", "#####"]);
    let mut game = GameState::new(map, 2).unwrap();
    let mut turns = 0;
    while !game.monsters.is_empty() && !game.is_over() {
        game.act(Action::Move(Dir::E));
        turns += 1;
        assert!(turns < 100);
    }
    assert_eq!(game.player.kills, 1);
    assert!(
        texts(&game).iter().any(|t| t.starts_with("You hit the rat for ") && t.ends_with(" and kill it!"))
    );
    assert_eq!(game.score(), 10);
}

#[test]
fn items_are_picked_up_and_potions_heal() {
    let map = art(&["######", "#@!|$#", "######"]);
    let mut game = GameState::new(map, 9).unwrap();
    let arrows = game.player.arrows;
    assert_eq!(game.act(Action::PickUp), Acted::NoTurn);
    for _ in 0..3 {
        game.act(Action::Move(Dir::E));
        assert_eq!(game.act(Action::PickUp), Acted::Turn);
    }
    assert!(game.items.is_empty());
    assert_eq!(game.player.potions, 2);
    assert!((3..=6).contains(&(game.player.arrows - arrows)));
    assert!((5..=25).contains(&game.player.gold));
    game.player.hp = 5;
    assert_eq!(game.act(Action::Quaff), Acted::Turn);
    assert!((11..=15).contains(&game.player.hp));
    game.player.hp = game.player.max_hp;
    assert_eq!(game.act(Action::Quaff), Acted::NoTurn, "at full health a potion is kept");
    assert_eq!(game.player.potions, 1);
    assert_eq!(game.log.recent(1)[0].text, "You are already at full health.");
    game.player.hp = game.player.max_hp - 1;
    assert_eq!(game.act(Action::Quaff), Acted::Turn);
    assert_eq!(game.player.hp, game.player.max_hp, "healing stops at the ceiling");
    game.player.hp = game.player.max_hp - 1;
    assert_eq!(game.act(Action::Quaff), Acted::NoTurn, "no potions left");
}

/// Two items on one cell (a spent arrow falls on gold): both are told when stepping there and
/// in the panel's "Here", and picking up one says what is left.
#[test]
fn every_item_on_a_cell_is_told() {
    let map = art(&["#####", "#@$.#", "#####"]);
    let mut game = GameState::new(map, 3).unwrap();
    let gold = game.items[0].clone();
    game.items.push(sightline::game::FloorItem { kind: ItemKind::Arrows, pos: gold.pos, amount: 2 });
    let both = format!("{} and 2 arrows", gold.describe());
    assert_eq!(game.items_here(gold.pos), Some(both.clone()));
    game.act(Action::Move(Dir::E));
    assert!(texts(&game).contains(&format!("You see here {both}. (g to pick up)")), "{:?}", texts(&game));
    assert_eq!(game.act(Action::PickUp), Acted::Turn);
    assert_eq!(game.log.recent(1)[0].text, format!("You pick up {}. Still here: 2 arrows.", gold.describe()));
    assert_eq!(game.items_here(gold.pos).as_deref(), Some("2 arrows"));
    assert_eq!(game.act(Action::PickUp), Acted::Turn);
    assert_eq!(game.log.recent(1)[0].text, "You pick up 2 arrows.");
    assert_eq!(game.items_here(gold.pos), None);
}

#[test]
fn taking_the_exit_wins() {
    let map = art(&["#####", "#@.>#", "#####"]);
    let mut game = GameState::new(map, 0).unwrap();
    assert_eq!(game.act(Action::TakeExit), Acted::NoTurn);
    game.act(Action::Move(Dir::E));
    game.act(Action::Move(Dir::E));
    assert_eq!(game.outcome, Outcome::Playing, "stepping on the stairs does not leave");
    assert_eq!(game.act(Action::TakeExit), Acted::Turn);
    assert_eq!(game.outcome, Outcome::Won);
    assert_eq!(game.score(), 100);
}

#[test]
fn a_map_without_a_player_start_cannot_start() {
    let map = art(&["###", "#.#", "###"]);
    assert!(GameState::new(map, 0).is_err());
}

/// A random walled map with a few monsters, items and doors, from `seed`.
fn random_map(seed: u64) -> Map {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (w, h) = (24, 14);
    let mut tiles = Grid::new(w, h, Tile::Floor);
    for y in 0..h as i32 {
        for x in 0..w as i32 {
            let p = Pos::new(x, y);
            let edge = x == 0 || y == 0 || x == w as i32 - 1 || y == h as i32 - 1;
            let t = if edge {
                Tile::Wall
            } else {
                match rng.random_range(0..20) {
                    0..=2 => Tile::Wall,
                    3 => Tile::DoorClosed,
                    4 => Tile::DoorOpen,
                    _ => Tile::Floor,
                }
            };
            tiles.set(p, t);
        }
    }
    let mut map = Map::open(w, h);
    map.tiles = tiles;
    let floors: Vec<Pos> = map.tiles.iter().filter(|(_, t)| **t == Tile::Floor).map(|(p, _)| p).collect();
    map.player_start = Some(floors[0]);
    for (i, &p) in floors.iter().skip(1).step_by(17).enumerate() {
        if i % 2 == 0 {
            map.monsters.push(MonsterSpawn { pos: p, kind: MonsterKind::ALL[i % 4] });
        } else {
            map.items.push(ItemSpawn { pos: p, kind: ItemKind::ALL[i % 3] });
        }
    }
    map
}

fn random_actions(seed: u64, n: usize) -> Vec<Action> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let dir = Dir::ALL[rng.random_range(0..8)];
            match rng.random_range(0..12) {
                0 => Action::Wait,
                1 => Action::Open(dir),
                2 => Action::Close(dir),
                3 => Action::PickUp,
                4 => Action::Quaff,
                _ => Action::Move(dir),
            }
        })
        .collect()
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    for seed in 0..8 {
        let actions = random_actions(seed + 100, 150);
        let play = |game_seed: u64, check_fov: bool| {
            let mut game = GameState::new(random_map(seed), game_seed).unwrap();
            for &a in &actions {
                game.act(a);
                if check_fov {
                    assert_eq!(game_fov(&game), fresh_fov(&game));
                }
            }
            game
        };
        let (a, b) = (play(seed, true), play(seed, false));
        assert_eq!(a, b, "map {seed}");
        assert!(a.turn > 0);
        // The generator is part of the state: a different seed rolls a different game.
        assert_ne!(a, play(seed + 1_000, false));
    }
}

#[test]
fn the_player_heals_slowly_over_time() {
    let mut game = GameState::new(art(&["####", "#@.#", "####"]), 0).unwrap();
    game.player.hp = 10;
    let every = sightline::game::turn::REGEN_EVERY;
    for _ in 0..every - 1 {
        game.act(Action::Wait);
    }
    assert_eq!(game.player.hp, 10);
    game.act(Action::Wait);
    assert_eq!(game.player.hp, 11);
    game.player.hp = game.player.max_hp;
    for _ in 0..every {
        game.act(Action::Wait);
    }
    assert_eq!(game.player.hp, game.player.max_hp, "never above the maximum");
}

#[test]
fn each_monster_is_announced_once_when_it_comes_into_view() {
    let seen =
        |game: &GameState| texts(game).into_iter().filter(|t| t.starts_with("You see")).collect::<Vec<_>>();
    // three rats in the player's room: announced at the start, and not again while in view
    let map = art(&["#########", "#.r.....#", "#.@..r..#", "#....r..#", "#########"]);
    let mut game = GameState::new(map, 3).unwrap();
    assert_eq!(seen(&game), ["You see 3 rats."]);
    for _ in 0..4 {
        game.act(Action::Wait);
        assert!(game.monsters.iter().all(|m| game.is_visible(m.pos)), "a closed room keeps them in view");
    }
    assert_eq!(seen(&game), ["You see 3 rats."], "nobody is announced twice while in view");
    // rats behind a closed door: announced when the door opens, each once
    let map = art(&["###########", "#....#..r.#", "#...@+.r..#", "#....#...r#", "###########"]);
    let mut game = GameState::new(map, 3).unwrap();
    assert_eq!(seen(&game), Vec::<String>::new());
    game.act(Action::Move(Dir::E));
    let in_view = game.monsters.iter().filter(|m| game.is_visible(m.pos)).count();
    assert!(in_view >= 2, "the open door shows the room: {in_view} rats in view");
    assert_eq!(seen(&game), [format!("You see {in_view} rats.")]);
}

/// Monsters that come into view together are announced in one message, by kind with their
/// counts, the nearest kind first; a single monster keeps its own sentence.
#[test]
fn monsters_seen_together_are_announced_in_one_message() {
    let sightings =
        |game: &GameState| texts(game).into_iter().filter(|t| t.starts_with("You see")).collect::<Vec<_>>();
    let start = |rows: &[&str]| sightings(&GameState::new(art(rows), 0).unwrap());
    // The goblin next to the player, the rats 3, 3.2 and 4.1 away, the orc 5 away.
    let room = ["#########", "#.....r.#", "#.@g.r.o#", "#....r..#", "#########"];
    assert_eq!(start(&room), ["You see a goblin, 3 rats and an orc."]);
    assert_eq!(start(&["#######", "#@.g.a#", "#######"]), ["You see a goblin and an archer."]);
    // At the same distance, in acting order (the map's order, row by row).
    assert_eq!(start(&["#####", "#.r.#", "#g@.#", "#####"]), ["You see a rat and a goblin."]);
    assert_eq!(start(&["#######", "#@..o.#", "#######"]), ["You see an orc."]);

    // The play-tester's start: 45 monsters in view at turn 0 leave the welcome on the 5 lines
    // of messages shown.
    let mut rows = vec!["#".repeat(23), format!("#@{}#", ".".repeat(20))];
    for row in ["rgoarrgoarrgoarrgoarr", "gorgoarrgoarrgoarrgoa", "aaa.................."] {
        rows.push(format!("#{row}#"));
    }
    rows.push("#".repeat(23));
    let mut map = art(&rows.iter().map(String::as_str).collect::<Vec<_>>());
    map.meta.sight_radius = Some(30);
    let kinds = |c: char| map.monsters.iter().filter(|m| m.kind.glyph() == c).count();
    let (rats, goblins, orcs, archers) = (kinds('r'), kinds('g'), kinds('o'), kinds('a'));
    assert_eq!(rats + goblins + orcs + archers, 45);
    let game = GameState::new(map, 0).unwrap();
    assert_eq!(game.visible_monsters().len(), 45, "all in view");
    // Nearest kind first: a rat just below the player, a goblin next to it, and so on.
    let crowd = format!("You see {rats} rats, {goblins} goblins, {orcs} orcs and {archers} archers.");
    let welcome = &game.log.messages()[0].text;
    assert!(welcome.starts_with("Welcome to"), "{welcome}");
    let recent: Vec<&str> = game.log.recent(5).iter().map(|m| m.text.as_str()).collect();
    assert_eq!(recent, [welcome.as_str(), crowd.as_str()]);
}

/// A creature in the way of a door is named when the player sees it, as other messages name
/// monsters, and stays "Something" when they do not.
#[test]
fn closing_a_door_on_a_creature_names_it_if_the_player_sees_it() {
    let on_door = |rows: &[&str], door: Pos, kind: MonsterKind| {
        let mut map = art(rows);
        map.monsters.push(MonsterSpawn { pos: door, kind });
        map
    };
    let door = Pos::new(2, 1);
    let mut game =
        GameState::new(on_door(&["#####", "#@'.#", "#####"], door, MonsterKind::Goblin), 0).unwrap();
    assert!(game.is_visible(door));
    assert_eq!(game.act(Action::Close(Dir::E)), Acted::NoTurn);
    assert_eq!(game.log.recent(1)[0].text, "The goblin stands in the doorway.");
    assert_eq!(game.map.tile(door), Tile::DoorOpen);

    // With a sight radius of 1 the diagonal door is out of view.
    let door = Pos::new(2, 2);
    let mut map = on_door(&["####", "#@.#", "#.'#", "####"], door, MonsterKind::Orc);
    map.meta.sight_radius = Some(1);
    let mut game = GameState::new(map, 0).unwrap();
    assert!(!game.is_visible(door));
    assert_eq!(game.act(Action::Close(Dir::SE)), Acted::NoTurn);
    assert_eq!(game.log.recent(1)[0].text, "Something stands in the doorway.");
    assert!(!texts(&game).iter().any(|t| t.contains("orc")), "the orc is never named");
}

/// `o` and `c` with no direction: the game opens (closes) the one door next to the player, and
/// refuses, taking no turn and saying why, when there is none or several (the interface asks
/// which, then sends a direction). The reason is kept in the history, as every refusal is.
#[test]
fn the_door_next_to_the_player_is_opened_without_a_direction() {
    let mut none = GameState::new(art(&["####", "#@.#", "####"]), 0).unwrap();
    none.act(Action::Wait);
    let before = none.clone();
    assert_eq!(none.act(Action::OpenDoor), Acted::NoTurn);
    let last = none.log.messages().last().unwrap();
    assert_eq!((last.turn, last.text.as_str()), (1, "There is no closed door next to you."));
    assert_eq!(none.log.len(), before.log.len() + 1);
    none.log = before.log.clone();
    assert_eq!(none, before, "only the log changed; no turn passed");
    assert_eq!(none.act(Action::CloseDoor), Acted::NoTurn);
    assert_eq!(none.log.recent(1)[0].text, "There is no open door next to you.");

    let mut one = GameState::new(art(&["#####", "#@+.#", "#####"]), 0).unwrap();
    assert_eq!(one.act(Action::OpenDoor), Acted::Turn);
    assert_eq!(one.map.tile(Pos::new(2, 1)), Tile::DoorOpen);
    assert_eq!(one.act(Action::CloseDoor), Acted::Turn);
    assert_eq!(one.map.tile(Pos::new(2, 1)), Tile::DoorClosed);

    let mut two = GameState::new(art(&["#####", "#.+.#", "#+@.#", "#####"]), 0).unwrap();
    assert_eq!(two.act(Action::OpenDoor), Acted::NoTurn);
    assert_eq!(two.log.recent(1)[0].text, "There are several closed doors next to you: say which.");
    assert_eq!(
        (two.map.tile(Pos::new(2, 1)), two.map.tile(Pos::new(1, 2))),
        (Tile::DoorClosed, Tile::DoorClosed)
    );
}

/// `Acted::NoTurn` as documented: every refused action logs its reason, except a step into a
/// wall or off the map's edge, and any action once the game is over, which are silent.
#[test]
fn a_refused_action_says_why_except_a_bump_into_a_wall_or_the_edge() {
    // The player at the top edge: a wall west, glass east, an open door south, water south-west.
    let map = art(&["#@\"", "~'."]);
    let mut game = GameState::new(map, 0).unwrap();
    let refused = |game: &mut GameState, action: Action| {
        let before = game.log.len();
        assert_eq!(game.act(action), Acted::NoTurn, "{action:?}");
        game.log.messages()[before..].iter().map(|m| m.text.clone()).collect::<Vec<_>>()
    };
    for silent in [Dir::W, Dir::N, Dir::NE, Dir::NW] {
        assert_eq!(refused(&mut game, Action::Move(silent)), Vec::<String>::new(), "{silent:?}");
    }
    let says = [
        (Action::Move(Dir::E), "A pane of glass is in the way."),
        (Action::Move(Dir::SW), "The water is too deep to wade."),
        (Action::Open(Dir::E), "There is no door there."),
        (Action::Open(Dir::S), "That door is already open."),
        (Action::Close(Dir::W), "There is no door there."),
        (Action::PickUp, "There is nothing here to pick up."),
        (Action::Quaff, "You are already at full health."),
        (Action::TakeExit, "There is no exit here."),
        (Action::Fire { target: Pos::new(1, 0) }, "Aim at something other than yourself."),
    ];
    for (action, why) in says {
        assert_eq!(refused(&mut game, action), [why], "{action:?}");
    }
    game.player.arrows = 0;
    game.player.potions = 0;
    game.player.hp -= 1;
    assert_eq!(refused(&mut game, Action::Fire { target: Pos::new(2, 1) }), ["You have no arrows."]);
    assert_eq!(refused(&mut game, Action::Quaff), ["You have no potion to drink."]);
    assert_eq!(game.turn, 0, "nothing took a turn");
    game.outcome = Outcome::Won;
    for action in [Action::Wait, Action::Move(Dir::SE), Action::PickUp] {
        assert_eq!(refused(&mut game, action), Vec::<String>::new(), "after the end: {action:?}");
    }
}

/// The welcome sends the player to the exit only when the map has one: a map without `>` can be
/// played but not won, and says so.
#[test]
fn the_welcome_names_the_exit_only_when_there_is_one() {
    let welcome = |rows: &[&str]| GameState::new(art(rows), 1).unwrap().log.messages()[0].text.clone();
    let with = welcome(&["#####", "#@.>#", "#####"]);
    assert!(with.contains("Find the exit (>)."), "{with}");
    let without = welcome(&["#####", "#@..#", "#####"]);
    assert!(without.contains("This map has no exit (>): it cannot be won."), "{without}");
    assert!(!without.contains("Find the exit"), "{without}");
}

/// The screen shows a turn's end: a monster that comes into view with the player's step and
/// leaves it again with its own, within one turn, is never drawn, and no "You see" sends the
/// player looking for it; it is announced when it is in view at a turn's end.
#[test]
fn a_monster_seen_only_between_the_players_step_and_its_own_is_not_announced() {
    let seen =
        |game: &GameState| texts(game).into_iter().filter(|t| t.starts_with("You see")).collect::<Vec<_>>();
    // A hurt rat in a side passage, out of view until the player's step east shows it; then it
    // flees down the passage, out of view again.
    let map = art(&["##########", "#.@......#", "#####r####", "#####.####", "#####.####", "##########"]);
    let mut game = GameState::new(map, 3).unwrap();
    let rat = Pos::new(5, 2);
    game.monsters[0].hp = 1;
    game.restore_derived();
    assert!(!game.is_visible(rat), "hidden from the start");
    let mut peek = game.clone();
    peek.player.pos = Pos::new(3, 1);
    peek.restore_derived();
    assert!(peek.is_visible(rat), "the step east shows the rat where it stands");
    game.act(Action::Move(Dir::E));
    let now = game.monsters[0].pos;
    assert_ne!(now, rat, "the hurt rat fled");
    assert!(!game.is_visible(now), "out of view again at the turn's end: {now}");
    assert_eq!(seen(&game), Vec::<String>::new(), "{:?}", texts(&game));
    // Followed to the passage's mouth, it is seen at a turn's end, and announced then.
    game.act(Action::Move(Dir::E));
    game.act(Action::Move(Dir::E));
    assert_eq!(game.player.pos, Pos::new(5, 1));
    assert!(game.is_visible(game.monsters[0].pos), "down the passage: {}", game.monsters[0].pos);
    assert_eq!(seen(&game), ["You see a rat."], "{:?}", texts(&game));

    // Seen with an orc down another passage, which stays: the sighting names the orc alone.
    let map = art(&["##########", "#.@......#", "###.#r####", "###.#.####", "###o#.####", "##########"]);
    let mut game = GameState::new(map, 3).unwrap();
    let rat = game.monsters.iter().position(|m| m.kind == MonsterKind::Rat).unwrap();
    game.monsters[rat].hp = 1;
    game.restore_derived();
    assert!(game.monsters.iter().all(|m| !game.is_visible(m.pos)), "both hidden from the start");
    let mut peek = game.clone();
    peek.player.pos = Pos::new(3, 1);
    peek.restore_derived();
    assert!(peek.monsters.iter().all(|m| peek.is_visible(m.pos)), "the step east shows both");
    game.act(Action::Move(Dir::E));
    assert!(!game.is_visible(game.monsters[rat].pos), "the rat fled out of view");
    assert!(game.monsters.iter().any(|m| m.kind == MonsterKind::Orc && game.is_visible(m.pos)));
    assert_eq!(seen(&game), ["You see an orc."], "{:?}", texts(&game));
}

/// An arrow that breaks on the monster it hits says so, as one that breaks on a wall does: the
/// player is told why there is no arrow to pick up.
#[test]
fn an_arrow_that_breaks_on_a_hit_says_so() {
    let (mut broke, mut kept) = (0, 0);
    for seed in 0..400 {
        let mut game = GameState::new(art(&["#######", "#@..o.#", "#######"]), seed).unwrap();
        let orc = game.monsters[0].pos;
        game.act(Action::Fire { target: orc });
        let shot = game.last_shot.clone().unwrap();
        if !matches!(shot.end, sightline::game::ranged::ShotEnd::Hit(_)) {
            continue;
        }
        let said = &game.log.messages().iter().rev().find(|m| m.text.starts_with("Your arrow")).unwrap().text;
        let arrows_there = game.items.iter().any(|i| i.pos == orc && i.kind == ItemKind::Arrows);
        if shot.broke {
            broke += 1;
            assert!(said.ends_with("The arrow breaks."), "{said}");
            assert!(!arrows_there);
        } else {
            kept += 1;
            assert!(!said.contains("breaks"), "{said}");
            assert!(arrows_there, "the arrow lies where it hit");
        }
    }
    assert!(broke > 0 && kept > 0, "{broke} broke, {kept} kept");
}

/// A monster that opens a door out of the player's sight is not named: the player sees the door
/// open ("A door opens."), and the monster only when it comes into view. (A goblin behind a wall
/// once announced itself: "The goblin opens a door.", with no goblin on screen.) In sight, it is
/// named.
#[test]
fn a_door_opened_out_of_sight_does_not_name_the_monster_that_opened_it() {
    let rows = [
        "#############",
        "#...........#",
        "#...g.......#",
        "####\"##+#####",
        "#...........#",
        "#...@......>#",
        "#############",
    ];
    let door = Pos::new(7, 3);
    let mut game = GameState::new(art(&rows), 3).unwrap();
    let mut opened = None;
    for turn in 0..20 {
        let goblin = game.monsters[0].pos;
        let seen = game.is_visible(goblin);
        let before = game.log.len();
        game.act(Action::Wait);
        if game.map.tile(door) == Tile::DoorOpen {
            let new: Vec<&str> = game.log.messages()[before..].iter().map(|m| m.text.as_str()).collect();
            opened = Some((turn, seen, new));
            break;
        }
    }
    let (turn, seen, new) =
        opened.expect("the goblin, which saw the player through the glass, opens the door");
    assert!(!seen, "turn {turn}: the goblin opened the door in sight, not the case this test is about");
    assert!(game.is_visible(door), "the player sees the door");
    assert!(new.contains(&"A door opens."), "{new:?}");
    assert!(!new.iter().any(|t| t.contains("goblin")), "{new:?}");

    // In sight (through the glass beside the door), the opener is named.
    let rows = ["#########", "#@......#", "#\"\"\"+\"\"\"#", "#.......#", "#...g...#", "#########"];
    let mut game = GameState::new(art(&rows), 0).unwrap();
    for _ in 0..10 {
        game.act(Action::Wait);
    }
    assert_eq!(game.map.tile(Pos::new(4, 2)), Tile::DoorOpen);
    assert!(texts(&game).iter().any(|t| t == "The goblin opens a door."), "{:?}", texts(&game));
}

/// QA: an arrow that strikes glass across water lay at the shooter's feet with no word why (no
/// cell of its flight could hold it). The message says where it ends up.
#[test]
fn an_arrow_with_nowhere_to_land_is_said_to_end_up_at_your_feet() {
    let mut exercised = 0;
    for seed in 0..40 {
        let mut game = GameState::new(art(&["######", "#@~~\"#", "######"]), seed).unwrap();
        let before = game.player.arrows;
        assert_eq!(game.act(Action::Fire { target: Pos::new(4, 1) }), Acted::Turn);
        let text =
            game.log.messages().iter().rev().find(|m| m.text.contains("Your arrow")).unwrap().text.clone();
        assert!(text.starts_with("Your arrow strikes a glass window"), "{text}");
        if text.contains("breaks") {
            assert!(!text.contains("your feet"), "{text}");
            continue;
        }
        exercised += 1;
        assert!(text.ends_with("With nowhere to land along its flight, it ends up at your feet."), "{text}");
        let here =
            game.items.iter().find(|i| i.pos == game.player.pos).expect("the arrow at the player's feet");
        assert_eq!((here.kind, here.amount, game.player.arrows), (ItemKind::Arrows, 1, before - 1));
    }
    assert!(exercised > 0, "some arrow did not break");
}
