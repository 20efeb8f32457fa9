//! The browser binding, in headless Chromium: settings in, events out, errors as readable
//! exceptions. Run with `cargo test --target wasm32-unknown-unknown --test web`.

#![cfg(target_arch = "wasm32")]

use knights_tour::wasm::Tour;
use knights_tour::Board;
use serde::Serialize;
use serde_json::json;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn settings(value: serde_json::Value) -> JsValue {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap()
}

fn tour(value: serde_json::Value) -> Tour {
    Tour::new(settings(value)).expect("valid settings")
}

fn error(value: serde_json::Value) -> String {
    let shown = value.to_string();
    thrown(Tour::new(settings(value)).err().unwrap_or_else(|| panic!("{shown} was accepted")))
}

/// The message of an error the binding throws.
fn thrown(error: wasm_bindgen::JsError) -> String {
    let thrown: JsValue = error.into();
    js_sys::Error::from(thrown).message().into()
}

/// Runs to the end in batches of `batch` recorded events; returns every event.
fn drain(tour: &mut Tour, batch: u32) -> Vec<u32> {
    let mut events = Vec::new();
    while tour.status() == "searching" {
        let ran = tour.advance(batch, 1000.0, true);
        let recorded = tour.events_view().to_vec();
        assert_eq!(recorded.len(), 3 * ran as usize);
        events.extend(recorded);
    }
    events
}

#[wasm_bindgen_test]
fn invalid_settings_throw_the_command_lines_messages() {
    assert!(error(json!({"board": "0x5"})).contains("at least 1"));
    assert!(error(json!({"board": "2000x2000"})).contains("limit is 1,048,576"));
    assert!(error(json!({"heuristic": "<script>"}))
        .contains("expected one of divide, fixed, warnsdorff, roth, pohl, random"));
    assert!(error(json!({"start": "zz99"})).contains("'zz99'"));
    assert!(error(json!({"start": [9, 9]})).contains("off the 8×8 board"));
    assert!(error(json!({"restarts": 3})).contains("need the random heuristic"));
    assert!(error(json!({"colour": "blue"})).contains("unknown setting 'colour'"));
    assert!(error(json!({"board": "eight"})).contains("is not ROWSxCOLS"));
    assert!(error(json!({"board": 8})).contains("board '8' is not ROWSxCOLS"));
    assert!(knights_tour::wasm::check_settings(settings(json!({"board": "0x5"}))).is_err());
    assert!(knights_tour::wasm::check_settings(settings(json!({"board": "1024x1024"}))).is_ok());
}

#[wasm_bindgen_test]
fn a_full_five_by_five_run_through_the_handle_matches_the_core() {
    let mut handle = tour(json!({"board": "5x5", "start": "a5", "heuristic": "fixed"}));
    drain(&mut handle, 1000);
    assert_eq!(handle.status(), "tour");
    // The fixed-order corner search places 8,840 squares natively; the wasm build must agree.
    assert_eq!(handle.placements(), 8840.0);
    let board = Board::new(5, 5).unwrap();
    let path = handle.path_view().to_vec();
    assert_eq!(path.len(), 25);
    assert_eq!(path[0], 0);
    for pair in path.windows(2) {
        assert!(board.is_knight_move(knights_tour::Square(pair[0]), knights_tour::Square(pair[1])));
    }
    assert_eq!(json(handle.outcome().unwrap())["reason"], "found an open tour");
}

#[wasm_bindgen_test]
fn events_arrive_in_batches_that_replay_to_the_path() {
    let whole = drain(&mut tour(json!({"board": "6x6", "heuristic": "fixed", "budget": 5000})), 1 << 20);
    let mut handle = tour(json!({"board": "6x6", "heuristic": "fixed", "budget": 5000}));
    let pieces = drain(&mut handle, 37);
    assert_eq!(whole, pieces, "batch size does not change the events");
    let mut path = Vec::new();
    for event in pieces.chunks(3) {
        match event[0] {
            0 => {
                assert_eq!(event[2] as usize, path.len());
                path.push(event[1]);
            }
            1 => assert_eq!(path.pop(), Some(event[1])),
            3 => {}
            kind => panic!("unexpected event kind {kind}"),
        }
    }
    assert_eq!(path, handle.path_view().to_vec());
    assert_eq!(handle.status(), "budget");
}

#[wasm_bindgen_test]
fn a_batch_stops_when_its_time_is_up() {
    // The 8x8 fixed-order search is 16.5 million events; a 2 ms budget cannot cover them.
    let mut handle = tour(json!({"board": "8x8", "start": [0, 0], "heuristic": "fixed"}));
    let ran = handle.advance(u32::MAX, 2.0, false);
    assert!(ran > 0 && ran < 16_000_000, "ran {ran} events");
    assert_eq!(handle.status(), "searching");
    assert!(handle.events_view().to_vec().is_empty(), "unrecorded batches keep no events");
}

#[wasm_bindgen_test]
fn impossible_boards_are_decided_at_once_with_the_reason() {
    let mut handle = tour(json!({"board": "4x4"}));
    assert_eq!(handle.advance(10, 10.0, true), 1);
    assert_eq!(handle.events_view().to_vec(), vec![3, 0, 0]);
    assert_eq!(handle.status(), "impossible");
    let ending = json(handle.outcome().unwrap());
    assert!(ending["reason"].as_str().unwrap().contains("4×4"));
    assert_eq!(ending["claim"], "no tour on 4×4, from any square", "the claim without the grounds");
}

/// A value the binding returns, as JSON, to look into.
fn json(value: JsValue) -> serde_json::Value {
    serde_wasm_bindgen::from_value(value).expect("a plain object")
}

#[wasm_bindgen_test]
fn candidates_come_as_objects_with_their_keys_and_state() {
    let mut handle = tour(json!({"board": "8x8", "start": [0, 0], "heuristic": "warnsdorff"}));
    handle.advance(1, 10.0, false);
    let candidates = json(handle.candidates().unwrap());
    assert_eq!(
        candidates,
        json!([
            {"square": 17, "order": 1, "degree": 5, "state": "next", "tiebreak": null},
            {"square": 10, "order": 2, "degree": 5, "state": "later", "tiebreak": null},
        ])
    );
    let mut roth = tour(json!({"board": "8x8", "start": [0, 0], "heuristic": "roth"}));
    roth.advance(1, 10.0, false);
    assert!(json(roth.candidates().unwrap())[0]["tiebreak"].is_number());
}

#[wasm_bindgen_test]
fn a_square_off_the_board_has_no_name_and_says_so() {
    use knights_tour::wasm::square_name;
    assert_eq!(square_name(5, 5, 24).unwrap(), "e1");
    let message = thrown(square_name(5, 5, 25).unwrap_err());
    assert!(message.contains("square 25 is off the 5×5 board") && message.contains("0 to 24"), "{message}");
}

#[wasm_bindgen_test]
fn seeking_refuses_impossible_events_and_bounds_far_ones() {
    let mut handle = tour(json!({"board": "8x8", "start": [0, 0], "heuristic": "fixed"}));
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0] {
        let message = thrown(handle.seek(bad, None).unwrap_err());
        assert!(message.contains("cannot seek to event"), "{bad}: {message}");
    }
    assert_eq!(handle.position(), 0.0, "a refused seek leaves the search where it was");
    // The fixed-order 8x8 search runs 16.5 million events: a seek to the far future stops at
    // the bound past the horizon, still searching.
    handle.seek(1e300, None).unwrap();
    assert_eq!(handle.position(), 2_097_152.0);
    assert_eq!(handle.status(), "searching");
    handle.seek(1e300, None).unwrap();
    assert_eq!(handle.position(), 2.0 * 2_097_152.0, "the bound counts from the new horizon");
}

#[wasm_bindgen_test]
fn the_timeline_goes_back_and_forth() {
    let mut handle = tour(json!({"board": "6x6", "start": [0, 0], "heuristic": "fixed"}));
    handle.advance(5_000, 1000.0, false);
    let (path, placed) = (handle.path_view().to_vec(), handle.placements());
    handle.advance(10, 1000.0, false);
    for _ in 0..10 {
        handle.step_back();
    }
    assert_eq!((handle.path_view().to_vec(), handle.placements()), (path, placed));
    assert_eq!(handle.position(), 5_000.0);
    assert_eq!(handle.horizon(), 5_010.0);
    handle.seek(0.0, None).unwrap();
    assert!(handle.path_view().to_vec().is_empty());
    assert_eq!(handle.last_event(), vec![3, 0, 0]);
    handle.seek(1.0, None).unwrap();
    assert_eq!(handle.last_event(), vec![0, 0, 0], "the first event places the start");
}

#[wasm_bindgen_test]
fn a_long_jump_goes_a_slice_at_a_time_and_a_step_back_is_undone_in_place() {
    // 1000x1000 leaves room for few checkpoints, so after 3 million events they lie a million
    // and more apart: a jump back replays that far, in slices when given a budget.
    let settings = json!({"board": "1000x1000", "start": [0, 0], "heuristic": "fixed"});
    let mut handle = tour(settings.clone());
    handle.advance(3_000_000, 60_000.0, false);
    let mut calls = 1;
    while !handle.seek(1_234_567.0, Some(0.0)).unwrap() {
        calls += 1;
        assert!(handle.position() <= 1_234_567.0);
    }
    assert!(calls > 1, "a replay of up to a million events, 65,536 a call at least: {calls} calls");
    let mut fresh = tour(settings);
    fresh.advance(1_234_567, 60_000.0, false);
    assert_eq!(handle.path_view().to_vec(), fresh.path_view().to_vec());
    assert_eq!((handle.placements(), handle.backtracks()), (fresh.placements(), fresh.backtracks()));
    assert_eq!(handle.last_event(), fresh.last_event());
    // A step back says which event it took back, and leaves the search where it was before it.
    let last = handle.last_event();
    handle.step_back();
    fresh.seek(1_234_566.0, None).unwrap();
    assert_eq!(handle.path_view().to_vec(), fresh.path_view().to_vec());
    assert_eq!(handle.last_event(), fresh.last_event());
    assert!(last[0] == 0 || last[0] == 1, "a placement or a take-back: {last:?}");
}

fn counter(settings_: serde_json::Value, ask: serde_json::Value) -> knights_tour::wasm::Counter {
    knights_tour::wasm::Counter::new(settings(settings_), settings(ask)).expect("a count")
}

/// Runs a count to its end in slices of 20 ms; returns its answer.
fn answer(counter: &mut knights_tour::wasm::Counter) -> serde_json::Value {
    assert_eq!(json(counter.answer().unwrap()), serde_json::Value::Null, "no answer before the end");
    while !counter.run(20.0).unwrap() {}
    json(counter.answer().unwrap())
}

#[wasm_bindgen_test]
fn counting_five_by_five_from_a_corner_gives_304_by_either_method() {
    for method in ["frontier", "enumerate"] {
        let mut count = counter(json!({"board": "5x5", "start": "a5"}), json!({ "method": method }));
        assert_eq!(json(count.outline().unwrap())["method"], method);
        let answer = answer(&mut count);
        assert_eq!(answer["tours"], "304", "{method}");
        let progress = json(count.progress().unwrap());
        assert_eq!((progress["fraction"].as_f64(), &progress["done"]), (Some(1.0), &json!(true)));
    }
}

#[wasm_bindgen_test]
fn a_count_picks_the_faster_method_says_its_memory_first_and_crosses_big_numbers_as_text() {
    // 6x10 from a1, closed: 478,374,480,288 tours, past 2^32 (twice A175881's 239,187,240,144).
    let mut count = counter(json!({"board": "6x10", "start": "a1", "closed": true}), json!({}));
    let outline = json(count.outline().unwrap());
    assert_eq!(outline["method"], "frontier");
    assert_eq!(outline["sweep"], json!({"columns": 10, "height": 6, "window": 13}));
    assert_eq!(outline["memory"]["limitWords"], "3.0 GiB", "3 of the module's 4 GiB: {outline}");
    let listing = json(count.listing_size().unwrap());
    assert!(listing["placements"].as_f64().unwrap() > 1e12, "{listing}");
    let answer = answer(&mut count);
    assert_eq!(answer["tours"], "478374480288");
    assert_eq!(answer["citations"][0]["id"], "A175881");
    assert_eq!(answer["citations"][0]["term"], "239187240144");
    let sweep = &json(count.progress().unwrap())["sweep"];
    assert_eq!(sweep["statesPerColumn"].as_array().unwrap().len(), 10);
}

#[wasm_bindgen_test]
fn a_count_from_every_square_gives_the_grid_in_decimal_by_square() {
    let mut count = counter(json!({"board": "5x5"}), json!({"everyStart": true}));
    assert_eq!(json(count.listing_size().unwrap()), serde_json::Value::Null);
    let answer = answer(&mut count);
    let grid: Vec<&str> = answer["grid"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    // Row by row from the top-left: TOURS.md's 5x5 grid.
    assert_eq!(grid[..5], ["304", "0", "56", "0", "304"]);
    assert_eq!(grid[12], "64");
    assert_eq!(answer["tours"], "1728");
}

#[wasm_bindgen_test]
fn a_grid_counted_in_shares_is_put_together_by_the_core() {
    use knights_tour::wasm::{answer_of_shares, count_shares, progress_of_shares};
    let (mut grids, mut progresses) = (Vec::new(), Vec::new());
    for lane in 0..2 {
        let mut count = counter(
            json!({"board": "5x5"}),
            json!({"everyStart": true, "share": {"lane": lane, "lanes": 2}}),
        );
        assert_eq!(json(count.outline().unwrap())["everyStart"], "byClass");
        let grid = answer(&mut count)["grid"].as_array().unwrap().clone();
        grids.extend(grid.into_iter().map(|tours| tours.as_str().unwrap().to_string()));
        progresses.push(js_sys::Float64Array::from(&count.share_progress()[..]));
    }
    let together = json(answer_of_shares(settings(json!({"board": "5x5"})), grids.clone()).unwrap());
    // TOURS.md's 5x5 grid, 1,728 open tours in all (OEIS A165134).
    assert_eq!(together["tours"], "1728");
    assert_eq!(together["grid"].as_array().unwrap()[..5], ["304", "0", "56", "0", "304"]);
    assert_eq!(together["citations"][0]["id"], "A165134");
    let progress = json(progress_of_shares(progresses).unwrap());
    assert_eq!((progress["fraction"].as_f64(), &progress["done"]), (Some(1.0), &json!(true)));
    // What is not a share's grids or progress is said so.
    let short = answer_of_shares(settings(json!({"board": "5x5"})), grids[1..].to_vec());
    assert!(thrown(short.err().expect("refused")).contains("not of 25 squares each"));
    let junk = progress_of_shares(vec![js_sys::Float64Array::from(&[0.0, 0.5][..])]);
    assert!(thrown(junk.err().expect("refused")).contains("not a share's progress"));
    // 5x5's grid sweeps forward and back in one worker; 7x7's goes by class, in two on two cores.
    assert_eq!(count_shares(settings(json!({"board": "5x5"})), 2).unwrap(), 1);
    assert_eq!(count_shares(settings(json!({"board": "7x7"})), 2).unwrap(), 2);
    let refused = knights_tour::wasm::Counter::new(
        settings(json!({"board": "5x5", "start": "a5"})),
        settings(json!({"share": {"lane": 0, "lanes": 2}})),
    );
    assert!(thrown(refused.err().expect("refused"))
        .contains("a share is of a count of the open tours from every square"));
}

#[wasm_bindgen_test]
fn a_count_refused_throws_the_counters_words() {
    let refused = |settings_: serde_json::Value, ask: serde_json::Value| {
        thrown(knights_tour::wasm::Counter::new(settings(settings_), settings(ask)).err().expect("refused"))
    };
    assert!(refused(json!({"board": "8x8", "start": "a1"}), json!({})).contains("its short side is 8"));
    let memory = refused(json!({"board": "7x8"}), json!({"everyStart": true}));
    assert!(memory.contains("the limit is 3.0 GiB"), "{memory}");
    assert!(
        refused(json!({"board": "5x5"}), json!({"method": "guess"})).contains("not frontier or enumerate")
    );
}

#[wasm_bindgen_test]
fn a_gif_is_made_a_slice_at_a_time_and_handed_out_once_and_its_refusals_are_in_words() {
    use knights_tour::wasm::{webm_with_duration, Gif};
    let colours = settings(json!({
        "light": [238, 230, 216], "dark": [185, 168, 143], "from": [31, 138, 112], "to": [123, 63, 160],
        "accent": [47, 111, 98], "knight": [27, 31, 34], "halo": [255, 253, 249], "backtrack": [209, 69, 59],
        "surface": [255, 253, 249], "ink": [31, 42, 46],
    }));
    let mut gif = Gif::new(settings(json!({"board": "5x5", "start": "a5"})), 26.0, colours.clone()).unwrap();
    assert_eq!((gif.width(), gif.height(), gif.frames()), (300, 300, 26));
    while !gif.run(5.0).unwrap() {
        assert!(gif.fraction() < 1.0);
    }
    let bytes = gif.take().expect("the file");
    assert_eq!(&bytes[..6], b"GIF89a");
    assert_eq!(gif.take(), None, "handed out once");
    let nothing = Gif::new(settings(json!({"board": "5x5"})), 0.0, colours.clone()).err().unwrap();
    assert!(thrown(nothing).contains("nothing to animate"));
    let unpainted = Gif::new(settings(json!({"board": "5x5"})), 3.0, settings(json!({"light": [1, 2, 3]})));
    assert!(thrown(unpainted.err().unwrap()).contains("missing field"));
    assert!(thrown(webm_with_duration(&bytes, 1000.0).err().unwrap()).contains("not a WebM"));
}

#[wasm_bindgen_test]
fn the_catalogue_tells_the_page_what_the_core_knows() {
    let catalogue = json(knights_tour::wasm::catalogue().unwrap());
    let names: Vec<&str> =
        catalogue["heuristics"].as_array().unwrap().iter().map(|h| h["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["divide", "fixed", "warnsdorff", "roth", "pohl", "random"]);
    let list = &catalogue["heuristics"];
    assert_eq!((&list[0]["searches"], &list[3]["searches"]), (&json!(false), &json!(true)));
    assert!(list[3]["tiebreak"].as_str().unwrap().contains("centre"));
    assert!(list[0]["unused"]["prune"].as_str().unwrap().contains("no search to prune"));
    let defaults = &catalogue["defaults"];
    assert_eq!(
        (&defaults["heuristic"], &defaults["start"], &defaults["rows"]),
        (&json!("divide"), &json!("a1"), &json!(8))
    );
    assert_eq!(
        catalogue["events"],
        json!({"kinds": {"placed": 0, "removed": 1, "restarted": 2, "finished": 3}, "size": 3})
    );
    assert_eq!(catalogue["limits"], json!({"maxSquares": 1 << 20, "treeSquares": 100}));
    assert_eq!(catalogue["switches"]["off"], json!(["0", "false", "off", "no"]));
    assert_eq!(catalogue["settings"][1]["name"], "start");
    assert_eq!(catalogue["settings"][3], json!({"name": "backtracking", "kind": "switch", "default": true}));
    assert_eq!(catalogue["restarts"], json!({"base": 1024, "luby": [1, 1, 2, 1, 1, 2, 4]}));
    let counting = &catalogue["counting"];
    assert_eq!(
        counting["methods"][1],
        json!({"name": "enumerate", "label": "listing the tours one by one", "lists": true})
    );
    assert_eq!(counting["memory"], 3u64 << 30);
    assert_eq!(counting["sequences"][4]["id"], "A001230");
    assert_eq!(catalogue["existence"], json!({"closedBoards": ["6x6", "8x8"], "touredFrom": 5}));
    let dead_end =
        catalogue["outcomes"].as_array().unwrap().iter().find(|told| told["name"] == "dead-end").unwrap();
    assert_eq!(dead_end["standing"], "dead end after {depth}");
    // The board and its GIF draw the path's gradient in as many shades.
    assert_eq!(
        catalogue["drawing"],
        json!({
            "shades": 48, "movesFromCell": 10, "checkerFromCell": 2, "numbersFromCell": 34, "numberPx": [12, 20],
            "plate": 217, "knightFromCell": 14, "tint": 51, "backtrackWash": 140
        })
    );
}

#[wasm_bindgen_test]
fn sizes_in_bytes_are_worded_by_the_core() {
    use knights_tour::wasm::bytes_words;
    assert_eq!(bytes_words(900.0), "1 KiB");
    assert_eq!(bytes_words(50_541_158.0), "48.2 MiB");
    assert_eq!(bytes_words(2.0 * (1u64 << 30) as f64), "2.0 GiB");
}

#[wasm_bindgen_test]
fn divide_hands_the_page_its_pieces_and_the_moves_of_its_assembly_then_walks_without_backtracking() {
    let mut run = tour(json!({"board": "20x24", "start": "a1"}));
    let plan = js_sys::Object::from(run.plan());
    let column =
        |name: &str| js_sys::Uint32Array::from(js_sys::Reflect::get(&plan, &name.into()).unwrap()).to_vec();
    // The first piece holds the start: a1 is the bottom-left square, row 19.
    let (top, left, rows, cols) = (column("top")[0], column("left")[0], column("rows")[0], column("cols")[0]);
    assert!(top <= 19 && 19 < top + rows && left == 0 && cols > 0);
    let seams = js_sys::Reflect::get(&plan, &"seams".into()).unwrap().as_f64().unwrap();
    assert_eq!(seams as usize + 1, column("top").len(), "a seam joins each piece after the first");
    let moves = js_sys::Object::from(run.plan_moves().unwrap());
    let get = |name: &str| js_sys::Reflect::get(&moves, &name.into()).unwrap();
    let (from, cut) = (js_sys::Uint32Array::from(get("from")), js_sys::Int32Array::from(get("cut")));
    assert_eq!(from.length(), cut.length());
    let kept = cut.to_vec().iter().filter(|&&seam| seam < 0).count();
    let events = drain(&mut run, 100);
    assert_eq!(run.status(), "closed-tour");
    assert_eq!(kept, 20 * 24, "the moves never cut are the closed tour's");
    assert_eq!(run.backtracks(), 0.0);
    assert_eq!(events.len(), 3 * (20 * 24 + 1));
    assert!(tour(json!({"heuristic": "roth"})).plan().is_undefined());
}

#[wasm_bindgen_test]
fn the_tree_of_tried_moves_comes_as_columns_and_its_absence_with_a_reason() {
    let mut run = tour(json!({"board": "5x5", "start": "a5", "heuristic": "fixed"}));
    assert!(run.tree().is_undefined(), "none until asked for");
    assert!(run.no_tree().is_none());
    run.track_tree();
    run.advance(400, 1000.0, false);
    let tree = js_sys::Object::from(run.tree());
    let get = |name: &str| js_sys::Reflect::get(&tree, &name.into()).unwrap();
    let parent = js_sys::Int32Array::from(get("parent")).to_vec();
    let placed = js_sys::Float64Array::from(get("placed")).to_vec();
    assert_eq!((parent[0], placed[0]), (-1, 0.0), "the start, placed by the first event");
    assert_eq!(js_sys::Float64Array::from(get("removed")).length() as usize, parent.len());
    assert_eq!(get("since").as_f64(), Some(0.0));
    // Its trunk at the current event, nodes by index, and nothing left out of so small a tree.
    let trunk = js_sys::Uint32Array::from(get("trunk")).to_vec();
    assert!(!trunk.is_empty() && trunk.iter().all(|&node| (node as usize) < parent.len()), "{trunk:?}");
    assert_eq!(get("leftOut").as_f64(), Some(0.0));
    // The next step, told before it is made.
    let step = json(run.next_step().unwrap());
    assert!(["placed", "removed"].contains(&step["kind"].as_str().unwrap()), "{step}");
    assert!(step["words"].as_str().unwrap().contains("Next step: the knight "), "{step}");
    let estimate = json(run.estimate().unwrap());
    assert!(estimate["placements"].as_f64().unwrap() > 8840.0, "{estimate}");
    assert_eq!(json(run.estimate().unwrap()), estimate, "made once");
    let divide = tour(json!({"board": "5x5"}));
    assert!(divide.no_tree().unwrap().contains("builds its tour without a search"));
    assert!(json(tour(json!({"board": "5x5"})).estimate().unwrap()).is_null());
    assert!(tour(json!({"board": "12x12", "heuristic": "fixed"})).no_tree().unwrap().contains("144"));
}

#[wasm_bindgen_test]
fn a_fold_puts_squares_where_the_picture_does() {
    use knights_tour::wasm::Fold;
    let fold = Fold::new(3, 10, 4).unwrap();
    let layout = json(fold.layout().unwrap());
    assert_eq!(
        layout,
        json!({"rows": 3, "cols": 10, "band": 4, "count": 3, "wide": true, "width": 4, "height": 11})
    );
    let map = js_sys::Object::from(fold.map());
    let get = |name: &str| js_sys::Reflect::get(&map, &name.into()).unwrap();
    let (x, y) = (js_sys::Uint32Array::from(get("x")), js_sys::Uint32Array::from(get("y")));
    assert_eq!((x.get_index(5), y.get_index(5)), (1, 4), "row 0, col 5: the second band");
    let square = js_sys::Int32Array::from(get("square"));
    assert_eq!((square.get_index(4 * 4 + 1), square.get_index(3 * 4)), (5, -1), "a square, and the gap");
    assert!(!fold.same_band(3, 4));
    let long = Fold::fit(3, 100_000, 600.0, 600.0).unwrap();
    let short = Fold::fit(10, 3, 535.0, 535.0).unwrap();
    assert_eq!(json(short.layout().unwrap())["count"], 1, "squares that can be seen: one board");
    assert!(json(long.layout().unwrap())["count"].as_u64().unwrap() > 100, "folded to fit a square box");
    assert!(Fold::new(0, 3, 0).is_err());
}

#[wasm_bindgen_test]
fn a_run_ends_in_the_cores_words_and_exports_in_its_formats() {
    let mut run = tour(json!({"board": "5x5", "start": "b1"}));
    assert!(json(run.outcome().unwrap()).is_null(), "nothing yet");
    run.advance(10, 1000.0, false);
    let ending = json(run.outcome().unwrap());
    assert_eq!((&ending["name"], &ending["remedy"]), (&json!("impossible"), &json!("corners-colour")));
    assert!(ending["claim"].is_null(), "about this start: the heading says it");
    assert!(ending["reason"].as_str().unwrap().starts_with("no tour from this square: 5×5"));
    assert!(
        ending["detail"].as_str().unwrap().starts_with("5×5 has an odd number"),
        "the claim is the heading's"
    );
    let mut toured = tour(json!({"board": "5x5", "start": "a5", "heuristic": "warnsdorff"}));
    drain(&mut toured, 1000);
    assert_eq!(toured.moves().lines().next(), Some("a5"));
    assert_eq!(toured.moves().lines().count(), 25);
    let colours = settings(json!({
        "light": [255, 255, 255], "dark": [0, 0, 0], "from": [0, 0, 255], "to": [255, 0, 0],
        "accent": [0, 128, 0], "ink": [0, 0, 0]
    }));
    let run = json!({"board": "5x5", "start": "a5", "heuristic": "warnsdorff"});
    let path = toured.path_view().to_vec();
    let drawing = knights_tour::wasm::svg(settings(run.clone()), &path, &toured.status(), colours).unwrap();
    assert!(drawing.contains("<polyline") && drawing.matches("<text").count() == 25);
    let plain = settings(json!({"light": "white"}));
    assert!(knights_tour::wasm::svg(settings(run), &path, &toured.status(), plain).is_err());
}

#[wasm_bindgen_test]
fn a_search_says_how_it_is_getting_on_and_is_not_called_stuck_within_moments() {
    let mut run = tour(json!({"board": "60x60", "start": [0, 0], "heuristic": "fixed"}));
    while run.position() < 3_000_000.0 {
        run.advance(1_000_000, 1000.0, false);
    }
    let progress: serde_json::Value = serde_wasm_bindgen::from_value(run.progress()).unwrap();
    // Millions of events without getting deeper, but watched for moments only (see the
    // session's tests for the watch, on a clock turned by hand).
    assert_eq!(progress["stuck"], false, "{progress}");
    assert!(progress["eventsSinceDeepest"].as_u64() > Some(1 << 20), "{progress}");
    assert!(progress["shallowestSince"].as_u64() < progress["deepest"].as_u64());
    // A number of events, or Infinity past what a float holds: never JSON's null.
    let left = js_sys::Reflect::get(&run.progress(), &"eventsLeft".into()).unwrap().as_f64();
    assert!(left.is_some_and(|left| left > 1.0), "{left:?}");
    let fresh: serde_json::Value = serde_wasm_bindgen::from_value(tour(json!({})).progress()).unwrap();
    assert_eq!(fresh["stuck"], false);
}

#[wasm_bindgen_test]
fn the_pace_fits_the_board_and_the_depth_envelope_comes_as_views() {
    let pace = |value| knights_tour::wasm::pace(settings(value)).unwrap();
    assert_eq!(pace(json!({})), 10.0);
    assert_eq!(pace(json!({"board": "1000x1000"})), 50_000.0);
    assert_eq!(pace(json!({"board": "100x100", "heuristic": "warnsdorff", "budget": 2000})), 100.0);
    let mut run = tour(json!({"board": "8x8", "start": [7, 0], "heuristic": "warnsdorff"}));
    run.advance(1_000, 1000.0, false);
    let envelope = js_sys::Object::from(run.envelope());
    let get = |name: &str| js_sys::Reflect::get(&envelope, &name.into()).unwrap();
    assert_eq!(get("width").as_f64(), Some(1.0));
    let (low, high) = (js_sys::Uint32Array::from(get("low")), js_sys::Uint32Array::from(get("high")));
    assert_eq!((low.length(), high.length()), (65, 65), "an event a column: 64 placements and the end");
    assert_eq!((low.get_index(10), high.get_index(10)), (10, 11), "one full run, still a rising line");
}

#[wasm_bindgen_test]
fn an_address_bar_is_read_leniently_by_the_core() {
    let read = |value: serde_json::Value| -> serde_json::Value {
        serde_wasm_bindgen::from_value(knights_tour::wasm::read_settings(settings(value)).unwrap()).unwrap()
    };
    let good = read(json!({"board": "5x6", "start": "2,3", "heuristic": "roth", "closed": "1"}));
    assert_eq!((good["rows"].as_u64(), good["cols"].as_u64()), (Some(5), Some(6)));
    assert_eq!(good["start"], "d3");
    assert_eq!(good["heuristic"], "roth");
    assert_eq!(good["closed"], true);
    assert_eq!(good["problems"], json!([]));
    assert_eq!(good["startGiven"], true);
    let junk = read(json!({"board": "5x5", "start": "zz", "prune": "maybe", "colour": "blue"}));
    assert_eq!(junk["rows"].as_u64(), Some(5));
    assert_eq!((&junk["start"], &junk["startGiven"]), (&json!("a1"), &json!(false)), "the default start, a1");
    assert_eq!(junk["prune"], false);
    let settings: Vec<&str> =
        junk["problems"].as_array().unwrap().iter().map(|p| p["setting"].as_str().unwrap()).collect();
    assert_eq!(settings, ["colour", "start", "prune"]);
    assert_eq!(read(json!({}))["startGiven"], false);
}

#[wasm_bindgen_test]
fn a_settings_object_is_read_as_javascript_writes_its_values() {
    let read = |value: JsValue| -> serde_json::Value {
        serde_wasm_bindgen::from_value(knights_tour::wasm::read_settings(value).unwrap()).unwrap()
    };
    let object = js_sys::Object::new();
    let set = |name: &str, value: JsValue| js_sys::Reflect::set(&object, &name.into(), &value).unwrap();
    set("board", "5x6".into());
    set("start", js_sys::Uint32Array::from(&[2u32, 3][..]).into());
    set("closed", true.into());
    set("seed", 7.into());
    set("prune", JsValue::NULL);
    set("heuristic", js_sys::Array::of1(&"x".into()).into());
    set("budget", js_sys::Function::new_no_args("return 1").into());
    set("restarts", 2.5.into());
    let read_back = read(object.into());
    assert_eq!((read_back["rows"].as_u64(), read_back["start"].as_str()), (Some(5), Some("d3")));
    assert_eq!((read_back["closed"].as_bool(), read_back["seed"].as_str()), (Some(true), Some("7")));
    assert_eq!(read_back["prune"], false, "null is no value: the default");
    let problems = read_back["problems"].as_array().unwrap();
    let said =
        |setting: &str| problems.iter().find(|p| p["setting"] == setting).unwrap()["message"].to_string();
    assert!(said("heuristic").contains(r#"[\"x\"]"#), "an array is told as its JSON: {}", said("heuristic"));
    assert!(
        said("budget").contains("return 1"),
        "a function is told as JavaScript writes it: {}",
        said("budget")
    );
    for junk in [JsValue::from("8x8"), js_sys::Array::new().into(), 5.into()] {
        let message = thrown(knights_tour::wasm::check_settings(junk).unwrap_err());
        assert!(message.starts_with("settings must be an object of named values, not "), "{message}");
    }
    assert!(knights_tour::wasm::check_settings(JsValue::UNDEFINED).is_ok(), "no settings are the defaults");
}

/// The path the recorded events lead to: what the views must agree with.
fn replay(events: &[u32]) -> Vec<u32> {
    let mut path = Vec::new();
    for event in events.chunks(3) {
        match event[0] {
            0 => path.push(event[1]),
            1 => assert_eq!(path.pop(), Some(event[1])),
            2 => path.truncate(1), // a restart keeps the start
            _ => {}
        }
    }
    path
}

#[wasm_bindgen_test]
fn the_path_and_order_views_follow_take_backs_and_restarts_batch_by_batch() {
    // Warnsdorff's walk with random ties, seed 4, dead-ends once on 10x10 (183 placements for
    // 100 squares, by the command line): a restart, with no events of its own for the squares
    // it drops.
    let random = &mut tour(json!({
        "board": "10x10", "start": [0, 0], "heuristic": "random", "backtracking": false, "restarts": 50, "seed": 4
    }));
    let fixed = &mut tour(json!({"board": "6x6", "start": [0, 0], "heuristic": "fixed", "budget": 20000}));
    for (handle, restarts) in [(random, true), (fixed, false)] {
        let mut events = Vec::new();
        while handle.status() == "searching" {
            handle.advance(23, 1000.0, true);
            events.extend(handle.events_view().to_vec());
            let path = handle.path_view().to_vec();
            assert_eq!(path, replay(&events));
            let order = handle.order_view().to_vec();
            for (square, &number) in order.iter().enumerate() {
                let place = path.iter().position(|&s| s as usize == square);
                assert_eq!(number, place.map_or(0, |i| i as u32 + 1), "square {square}");
            }
        }
        assert_eq!(events.chunks(3).any(|event| event[0] == 2), restarts, "restarted or not, as meant");
    }
}

#[wasm_bindgen_test]
fn the_picture_is_put_on_a_canvas_in_one_call_and_only_when_it_changed() {
    use wasm_bindgen::JsCast;
    use web_sys::{OffscreenCanvas, OffscreenCanvasRenderingContext2d};

    let mut handle = tour(json!({"board": "3x10", "start": [0, 0], "heuristic": "warnsdorff"}));
    let palette = [200, 200, 200, 100, 100, 100, 0, 0, 255, 255, 0, 0, 255];
    assert!(thrown(handle.paint_with(4, &palette[..12]).unwrap_err()).contains("13 bytes"));
    handle.paint_with(4, &palette).unwrap();
    // 3x10 in bands of 4 columns: 4 wide, three bands of 3 rows a row apart.
    assert_eq!((handle.picture_width(), handle.picture_height()), (4, 11));
    let canvas = OffscreenCanvas::new(4, 11).unwrap();
    let context: OffscreenCanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    assert!(handle.draw_picture(&context).unwrap(), "a new picture is drawn whole");
    assert!(!handle.draw_picture(&context).unwrap(), "then nothing until the path changes");
    handle.advance(1, 1000.0, false);
    assert!(handle.draw_picture(&context).unwrap());
    let pixel = |x: f64, y: f64| context.get_image_data(x, y, 1.0, 1.0).unwrap().data().to_vec();
    assert_eq!(pixel(0.0, 0.0), [0, 0, 255, 255], "the start is the path's first colour");
    assert_eq!(pixel(1.0, 0.0), [100, 100, 100, 255], "an empty dark square");
    assert_eq!(pixel(0.0, 3.0)[3], 0, "the gap between bands");
}

#[wasm_bindgen_test]
fn squares_are_named_and_read_by_the_core_for_any_board() {
    use knights_tour::wasm::{parse_square, square_name};
    assert_eq!(square_name(8, 8, 56).unwrap(), "a1");
    assert_eq!(square_name(30, 30, 31).unwrap(), "b29", "one naming on every board");
    assert_eq!(square_name(30, 30, 26).unwrap(), "aa30", "files past z lettered as a spreadsheet's columns");
    assert_eq!(square_name(1000, 1000, 999).unwrap(), "all1000", "files past z as a spreadsheet's");
    assert_eq!(parse_square(30, 30, "b29").unwrap(), parse_square(30, 30, "1,1").unwrap());
    assert!(thrown(square_name(4, 7, 28).unwrap_err()).contains("off the 4×7 board"));
    assert!(thrown(square_name(0, 7, 0).unwrap_err()).contains("at least 1"));
    assert_eq!(parse_square(8, 8, "a1").unwrap(), 56);
    // Spaces around either number are the command line's business too: `4, 6` is g4 on 8x8.
    assert_eq!(parse_square(8, 8, "4, 6").unwrap(), 38);
    assert_eq!(parse_square(8, 8, " H8 ").unwrap(), 7);
    assert!(thrown(parse_square(8, 8, "zz99").unwrap_err()).contains("'zz99'"));
    assert!(thrown(parse_square(8, 8, "8,0").unwrap_err()).contains("off the 8×8 board"));
    assert_eq!(knights_tour::wasm::coord(8, 8, 57).unwrap(), [7, 1]);
    assert_eq!(knights_tour::wasm::square_at(8, 8, 7, 1).unwrap(), 57);
    assert!(thrown(knights_tour::wasm::square_at(8, 8, 8, 0).unwrap_err()).contains("off the 8×8 board"));
    // A start kept as the board changes keeps its name, where the new board has it.
    use knights_tour::wasm::same_square;
    assert_eq!(same_square(10, 10, "c3").unwrap().as_deref(), Some("c3"));
    assert_eq!(same_square(5, 30, "0,5").unwrap().as_deref(), Some("f5"), "in the board's own words");
    assert_eq!(same_square(8, 8, "2, 3").unwrap().as_deref(), Some("d6"), "in the board's own words");
    assert_eq!(same_square(2, 4, "c3").unwrap(), None);
    assert_eq!(same_square(30, 30, "c3").unwrap().as_deref(), Some("c3"), "the same name on 30x30");
    assert_eq!(same_square(30, 30, "ad30").unwrap().as_deref(), Some("ad30"));
}

#[wasm_bindgen_test]
fn a_board_typed_side_by_side_is_read_or_refused_in_the_cores_words() {
    use knights_tour::wasm::read_board;
    assert_eq!(read_board("10", "4").unwrap(), [10, 4]);
    assert_eq!(thrown(read_board("-3", "8").unwrap_err()), "rows must be a whole number from 1 up, not '-3'");
    assert_eq!(
        thrown(read_board("8", "0").unwrap_err()),
        "an 8×0 board has no squares: each side must be at least 1"
    );
    assert_eq!(
        thrown(read_board("2000000", "100").unwrap_err()),
        "a 2,000,000×100 board has 200,000,000 squares; the limit is 1,048,576 (1024×1024)"
    );
}

#[wasm_bindgen_test]
fn an_impossible_run_names_its_remedy() {
    // The status is `impossible`, and so the remedy known, from the run's first event on.
    let remedy = |settings| {
        let mut handle = tour(settings);
        handle.advance(1, 1000.0, false);
        json(handle.outcome().unwrap())["remedy"].clone()
    };
    assert_eq!(remedy(json!({"board": "5x5", "closed": true})), "open-tour");
    assert_eq!(remedy(json!({"board": "4x8", "start": "1,1"})), "outer-line");
    assert_eq!(remedy(json!({"board": "5x5", "start": "b1"})), "corners-colour");
    assert_eq!(remedy(json!({"board": "4x4"})), "other-board");
    assert_eq!(remedy(json!({"board": "8x8", "start": "a1"})), serde_json::Value::Null);
    let answer = json(knights_tour::wasm::exists(settings(json!({"board": "4x8", "start": "1,1"}))).unwrap());
    assert_eq!(
        (&answer["tour"], &answer["advice"]),
        (&json!(false), &json!("start on one of the two outer lines"))
    );
}

/// Square indices of names on `board`.
fn indices(board: Board, names: &str) -> Vec<u32> {
    names.split(',').map(|name| board.parse_square(name).unwrap().0).collect()
}

#[wasm_bindgen_test]
fn can_finish_gives_the_verdict_its_reason_and_squares_or_a_witness() {
    use knights_tour::wasm::can_finish;
    // docs/play.md's example: 5x6 c4, e3 leaves a5, f1 and f5 each with one way left.
    let board = Board::new(5, 6).unwrap();
    let doomed = json(can_finish(settings(json!({"board": "5x6"})), "c4,e3".into(), None).unwrap());
    assert_eq!(
        (&doomed["verdict"], &doomed["rule"], &doomed["cut"]),
        (&json!("impossible"), &json!("last-squares"), &json!("ends"))
    );
    assert_eq!(doomed["squares"], json!(indices(board, "a5,f1,f5")));
    assert!(
        doomed["reason"].as_str().unwrap().starts_with("a5 (only b3), f1 (only d2) and f5 (only d4)"),
        "{doomed}"
    );
    assert_eq!(doomed["witness"], serde_json::Value::Null);

    // The same path as indices; a finishable one comes with a whole tour through it.
    let board = Board::new(6, 6).unwrap();
    let path = indices(board, "c5,d3");
    let open = json(can_finish(settings(json!({"board": "6x6"})), settings(json!(path)), None).unwrap());
    assert_eq!(open["verdict"], "possible");
    let witness: Vec<u32> = serde_json::from_value(open["witness"].clone()).unwrap();
    assert_eq!((witness.len(), &witness[..2]), (36, &path[..]));
    assert_eq!(open["hint"], json!(witness[2]));

    // A path that is no path says which move and why; so does a square off the board.
    let refused =
        |path: JsValue| thrown(can_finish(settings(json!({"board": "5x5"})), path, None).unwrap_err());
    assert_eq!(
        refused("a1,b3,a1".into()),
        "move 2 of the path: a1 is already on the path: the knight started there"
    );
    assert!(refused("a1,zz9".into()).contains("'zz9'"));
    assert!(refused(settings(json!([0, 99]))).contains("square 99 is off the 5×5 board"));
    assert!(refused(settings(json!({"a": 1}))).contains("array of square indices"));

    // A budget too short for a slow position leaves it thinking (h7 … e4 takes the search
    // seconds: docs/play.md).
    let slow = json(
        can_finish(settings(json!({"board": "8x8"})), "h7,g5,e6,c5,d3,b2,c4,d2,e4".into(), Some(1.0))
            .unwrap(),
    );
    assert_eq!((&slow["verdict"], &slow["hint"]), (&json!("thinking"), &serde_json::Value::Null));
}

#[wasm_bindgen_test]
fn a_game_decides_in_slices_and_the_board_judges_clicks_in_the_same_words() {
    use knights_tour::wasm::{Play, PlayBoard};
    let board = Board::new(5, 5).unwrap();
    let setup = || settings(json!({"board": "5x5", "start": "a1"}));
    let mut game = Play::new(setup()).unwrap();
    let mut shown = PlayBoard::new(setup()).unwrap();
    assert_eq!(
        (shown.start(), shown.knight(), shown.placed()),
        (board.parse_square("a1").unwrap().0, shown.start(), 1)
    );
    let a2 = board.parse_square("a2").unwrap().0;
    assert_eq!(thrown(shown.try_move(a2).unwrap_err()), "a2 is not a knight's move from a1");
    assert_eq!(thrown(game.try_move(a2).unwrap_err()), "a2 is not a knight's move from a1");
    let mut reachable = shown.reachable();
    reachable.sort_unstable();
    assert_eq!(reachable, {
        let mut two = indices(board, "b3,c2");
        two.sort_unstable();
        two
    });

    // Hints, followed, finish the tour; the board follows every move.
    while !game.think(1000.0) {}
    let mut hints = 0;
    while let Some(hint) = json(game.ruling().unwrap())["hint"].as_u64() {
        let hint = hint as u32;
        game.try_move(hint).unwrap();
        shown.try_move(hint).unwrap();
        while !game.think(1000.0) {}
        hints += 1;
    }
    assert_eq!(hints, 24);
    let ruling = json(game.ruling().unwrap());
    assert_eq!(
        (&ruling["verdict"], &ruling["outcome"], &ruling["placed"]),
        (&json!("possible"), &json!("tour"), &json!(25))
    );
    assert_eq!(shown.outcome().as_deref(), Some("tour"));
    assert_eq!(shown.path_view().to_vec(), game.witness(0).unwrap());

    // A played tour exports as a searched one does: its drawing, and its GIF a move a frame.
    let colours = settings(json!({
        "light": [238, 230, 216], "dark": [185, 168, 143], "from": [31, 138, 112], "to": [123, 63, 160],
        "accent": [47, 111, 98], "ink": [31, 42, 46], "knight": [27, 31, 34], "halo": [255, 253, 249],
        "backtrack": [209, 69, 59], "surface": [255, 253, 249],
    }));
    let outcome = shown.outcome().unwrap_or_default();
    let drawing =
        knights_tour::wasm::svg(setup(), &shown.path_view().to_vec(), &outcome, colours.clone()).unwrap();
    assert!(drawing.contains("<polyline") && drawing.matches("<text").count() == 25);
    let mut gif =
        knights_tour::wasm::Gif::played(setup(), shown.path_view().to_vec(), colours.clone()).unwrap();
    assert_eq!(gif.frames(), 25);
    while !gif.run(5.0).unwrap() {}
    assert_eq!(&gif.take().expect("the file")[..6], b"GIF89a");
    let backwards = knights_tour::wasm::Gif::played(setup(), vec![0, 1], colours).err().unwrap();
    assert!(thrown(backwards).contains("no knight's move"));
    assert_eq!(game.witness(24).unwrap().len(), 1);

    // The moves in a link read back into the path.
    let moves = shown.moves();
    assert_eq!(moves.len(), 12);
    assert_eq!(shown.read_moves(&moves).unwrap(), shown.path_view().to_vec());
    assert!(thrown(shown.read_moves("!").unwrap_err()).contains("not a letter of moves"));

    // Undo on both; a doomed position is told with the move since which it was.
    assert_eq!(shown.undo(), game.undo());
    assert_eq!(shown.placed(), 24);
    assert_eq!(shown.move_number(shown.start()), Some(1));
    let mut doomed = Play::new(settings(json!({"board": "5x6", "start": "c4"}))).unwrap();
    doomed.try_move(Board::new(5, 6).unwrap().parse_square("e3").unwrap().0).unwrap();
    let ruling = json(doomed.ruling().unwrap());
    assert_eq!(
        (&ruling["verdict"], &ruling["since"], &ruling["placed"]),
        (&json!("impossible"), &json!(1), &json!(2))
    );
    assert_eq!(doomed.witness(0), None);
}

#[wasm_bindgen_test]
fn a_tour_built_in_another_instance_is_walked_as_one_built_here() {
    let given = json!({"board": "12x10", "start": "c3"});
    let words =
        knights_tour::wasm::build_tour(settings(given.clone())).expect("divide's settings").expect("a tour");
    let mut built = Tour::built(settings(given.clone()), Some(words.clone())).expect("its own words");
    let mut here = tour(given.clone());
    // The plan crosses, the assembly's moves do not: the page draws those only where it builds.
    let field = |run: &Tour, name: &str| {
        let value = js_sys::Reflect::get(&run.plan(), &name.into()).unwrap();
        js_sys::JSON::stringify(&value).unwrap().as_string().unwrap()
    };
    for name in ["top", "left", "rows", "cols", "seams"] {
        assert_eq!(field(&built, name), field(&here, name), "{name}");
    }
    assert_eq!((field(&built, "moves"), field(&here, "moves")), ("false".into(), "true".into()));
    let kept = thrown(built.plan_moves().unwrap_err());
    assert!(kept.contains("built on the page's thread"), "{kept}");
    assert_eq!(drain(&mut built, 97), drain(&mut here, 97));
    // Words are checked, not trusted; and only divide builds.
    let mut broken = words;
    broken.swap(1, 2);
    let refused = thrown(Tour::built(settings(given), Some(broken)).err().expect("refused"));
    assert!(refused.starts_with("not a tour built for this board: it starts on"), "{refused}");
    let searches =
        thrown(knights_tour::wasm::build_tour(settings(json!({"heuristic": "fixed"}))).unwrap_err());
    assert!(searches.contains("only divide builds its tour"), "{searches}");
}

/// The fixed-order search as the page runs it: in WebAssembly the narrow loop (boards up to 12
/// columns) runs on a copy of the visited cells at a fixed address
/// (`src/search/solver/cursor/pinned.rs`), a path the native tests never take.
fn fixed_order(rows: u32, cols: u32, row: u32, col: u32) -> knights_tour::Solver {
    let board = Board::new(rows, cols).unwrap();
    let options = knights_tour::Options { heuristic: knights_tour::Heuristic::Fixed, ..Default::default() };
    knights_tour::Solver::new(board, board.square(row, col), options).unwrap()
}

#[wasm_bindgen_test]
fn the_textbook_search_places_8_250_733_squares_here_too() {
    // The classic program's count (BlogsDope's knight's tour tutorial; tests/fixed_order.rs).
    let mut solver = fixed_order(8, 8, 0, 0);
    while solver.outcome().is_none() {
        solver.run(4096);
    }
    assert_eq!(solver.outcome(), Some(knights_tour::Outcome::Tour));
    assert_eq!((solver.stats().placements, solver.stats().backtracks), (8_250_733, 8_250_733 - 64));
}

#[wasm_bindgen_test]
fn runs_on_the_pinned_copy_make_the_steps_single_steps_make() {
    // 8x8; the largest mailbox the copy holds (12 columns by 252 rows: 16 by 256 cells) and one
    // row more, which takes the loop for any width; two searches run in turn share the copy.
    for (rows, cols) in [(8, 8), (252, 12), (253, 12), (7, 5)] {
        let mut runs = [fixed_order(rows, cols, 0, 1), fixed_order(rows, cols, 2, 2)];
        let mut steps = [fixed_order(rows, cols, 0, 1), fixed_order(rows, cols, 2, 2)];
        let mut ran = 0;
        for size in [4096, 1, 2, 3, 50, 7, 300, 9000].into_iter().cycle() {
            let done = runs.each_mut().map(|run| run.run(size).events);
            for (stepped, events) in steps.iter_mut().zip(done) {
                stepped.by_ref().take(events as usize).for_each(drop);
            }
            ran += size;
            if ran >= 300_000 || done.iter().all(|&events| events < size) {
                break;
            }
        }
        for (run, stepped) in runs.iter().zip(&steps) {
            let shown = format!("{rows}x{cols} from {:?}, {ran} events", run.start());
            assert_eq!(run.path().collect::<Vec<_>>(), stepped.path().collect::<Vec<_>>(), "{shown}");
            assert_eq!((run.stats(), run.outcome()), (stepped.stats(), stepped.outcome()), "{shown}");
            let visited = run.board().squares().filter(|&square| run.is_visited(square)).count();
            assert_eq!(visited, run.path().len(), "{shown}");
        }
    }
}
