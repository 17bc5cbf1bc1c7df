/* tslint:disable */
/* eslint-disable */

/**
 * A game: its start, the moves played and the position they reached.
 */
export class Battle {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Every move of the game judged at `nodes` per position, as the JSON the
     * server's analysis answers; `progress` hears the analysis as far as it has
     * come (the same JSON) after each judged move, for a page to draw as it goes.
     */
    analyse(nodes: number, progress?: Function | null): string;
    /**
     * What the other side threatens against `side` (`army` or `indians`) now, in one
     * sentence in `lang`, with the squares to mark (none once the game is over).
     *
     * # Errors
     * When `side` or `lang` is not one of their words.
     */
    coachThreats(side: string, lang: string): string;
    /**
     * The coach's warning before the side to move plays `mv` (in notation), in `lang`
     * (`en`, `it`, `fr`, `de`), or nothing when the move needs none (it leaves nothing
     * to be eliminated, ends the game, or no move would lose less).
     *
     * # Errors
     * When `mv` is not a legal move here or `lang` is not a language of the page.
     */
    coachWarning(mv: string, lang: string): string | undefined;
    /**
     * Why the computer, playing `computer` (`army` or `indians`) with its course
     * of the game `scores` (as [`Battle::computer_turn`] answered them), accepts a
     * draw offered now, as it does on the server and in the words of its state's
     * `computer_says` (`cannot-win`, `behind` ...); nothing when it declines.
     */
    computerAcceptsDraw(computer: string, scores: string[]): string | undefined;
    /**
     * The computer's turn as the server plays it (`battaglie_ai::computer_turn`):
     * its move at `level`, and whether it resigns instead or offers a draw with it.
     * `scores` is its side's course of the game (what its last turn answered; none
     * at the start and after a take-back), `offered_at` the length of the game when
     * it last offered a draw. Answers `undefined` when there is no move to make.
     */
    computerTurn(level: number, scores: string[], offered_at?: number | null, seed?: bigint | null): ComputerTurn | undefined;
    /**
     * The game a record holds, in either form (JSON or text), every move replayed
     * and checked.
     */
    static fromRecord(text: string): Battle;
    /**
     * A game of a scenario given as its file (`file` names it in errors), from its
     * start or from the position `bfen`.
     */
    static fromScenarioFile(file: string, toml: string, bfen?: string | null): Battle;
    /**
     * The positions after plies `from` to `until` (0 is the start; by default the
     * whole game) as an animated GIF, drawn as the server draws its
     * `GET /api/games/{id}/gif`; a range the game does not have is refused.
     */
    gif(from?: number | null, until?: number | null): Uint8Array;
    /**
     * The legal moves of the current position in canonical notation (none once the
     * game is over).
     */
    legalMoves(): string[];
    /**
     * A game of the built-in battle `scenario` (its id, e.g. `washita`), from the
     * battle's start or from the position `bfen`.
     */
    constructor(scenario: string, bfen?: string | null);
    /**
     * The positions `depth` plies ahead, counted (perft).
     */
    perft(depth: number): bigint;
    /**
     * Plays the move `text` (any notation the rules accept) and answers it in
     * canonical notation; an illegal move is refused with the rule it breaks.
     */
    play(text: string): string;
    /**
     * The position after ply `ply` (by default the last) as a PNG, drawn as the
     * server draws its `GET /api/games/{id}/png`.
     */
    png(ply?: number | null): Uint8Array;
    /**
     * The moves `side` (`army` or `indians`) could make on the board as it stands,
     * were it its turn (`Position::moves_of`): what a player may queue as a premove
     * while the opponent is to move. Grouped by source as the state's `legal`.
     */
    premovesJson(side: string): string;
    /**
     * The game's record in its JSON form.
     */
    recordJson(army: string, indians: string, date?: string | null): string;
    /**
     * The game's record in its text form.
     */
    recordText(army: string, indians: string, date?: string | null): string;
    /**
     * Every position of the game, for replaying it: the JSON of the server's
     * `GET /api/games/{id}/positions`.
     */
    replayJson(): string;
    /**
     * Ends the game as the players or a clock settled it, in the state's words:
     * `result` `army`, `indians` or `draw`, `reason` `resignation`, `agreement`,
     * `time` or `abandoned` (the other endings are the rules' own); refused once
     * the game is over.
     */
    settle(result: string, reason: string): void;
    /**
     * The rules' fields of the game's state, as the server's state JSON writes them
     * (`battaglie_view::game_view`): the offline edition adds the rest.
     */
    stateJson(): string;
    /**
     * The computer's move in the current position: at `level` (1 to 8, the
     * computer opponent's levels), or within explicit bounds (`depth` plies,
     * `nodes`, `movetime_ms`); `seed` makes a level's choices reproducible.
     * `on_iteration` hears of each finished iteration (a [`Thought`]). Answers
     * `undefined` when there is no move to make.
     */
    think(level?: number | null, depth?: number | null, nodes?: number | null, movetime_ms?: number | null, seed?: bigint | null, on_iteration?: Function | null): Thought | undefined;
    /**
     * How many moves an undo takes back: the last one at one screen (no
     * `computer`), against the computer (playing `computer`) back to before its
     * opponent's last move; 0 when there is nothing to take back.
     */
    undoCount(computer?: string | null): number;
    /**
     * Takes back the last move, answering it (`undefined` at the start).
     */
    undo(): string | undefined;
    /**
     * The current position in BFEN.
     */
    readonly bfen: string;
    /**
     * The moves played, in canonical notation.
     */
    readonly moves: string[];
    /**
     * How the game ended, in the protocol's status words (`win army`, `draw
     * repetition`), or `undefined` while it goes on.
     */
    readonly outcome: string | undefined;
    /**
     * The battle's id.
     */
    readonly scenario: string;
    /**
     * The side to move: `army` or `indians`.
     */
    readonly sideToMove: string;
}

/**
 * What [`bench`] measured.
 */
export class Bench {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Milliseconds taken.
     */
    ms: number;
    /**
     * Nodes searched in all.
     */
    nodes: number;
}

/**
 * What the computer does on its turn ([`Battle::computer_turn`]).
 */
export class ComputerTurn {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The move it plays, in canonical notation (unless it resigns).
     */
    best: string;
    /**
     * Whether it offers a draw with its move.
     */
    offersDraw: boolean;
    /**
     * Whether it resigns instead of moving.
     */
    resigns: boolean;
    /**
     * Why it resigns or offers, as the server's state says it (`computer_says`).
     */
    get says(): string | undefined;
    /**
     * Why it resigns or offers, as the server's state says it (`computer_says`).
     */
    set says(value: string | null | undefined);
    /**
     * Its course of the game, to give back at its next turn.
     */
    scores: string[];
}

/**
 * A stage of a lesson in play.
 */
export class LearnStage {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The next move of a shortest solution from here, or nothing when the stage can no
     * longer be completed within its moves.
     */
    hint(): string | undefined;
    /**
     * The legal moves now, in notation (none once the stage is over).
     */
    legalMoves(): string[];
    /**
     * Stage `stage` (from 1) of the lesson `lesson` (its id), from its JSON (one stage
     * of the lessons' JSON, texts in one language or four), from its start.
     */
    constructor(lesson: string, stage: number, json: string);
    /**
     * The stage's map as the page's board draws a battle's: the JSON of
     * `GET /api/scenarios/{id}`.
     */
    scenarioJson(): string;
    /**
     * The rules' fields of the stage's game now, as the server's state JSON writes
     * them (`battaglie_view::game_view`): the stacks, the moves played, the legal moves
     * grouped by square (none once the stage is over).
     */
    stateJson(): string;
    /**
     * Tries a move in notation. Answers JSON: `{"ok": true, "move", "reply", "bfen",
     * "finish": null | {"kind": "won" | "out_of_moves" | "ended", "moves", "stars",
     * "words"}}` or `{"ok": false, "rule", "words", "squares"}`, the words in `lang`.
     */
    tryMove(text: string, lang_code: string): string;
    /**
     * The position now, in BFEN.
     */
    readonly bfen: string;
    /**
     * The player's moves so far.
     */
    readonly played: number;
}

/**
 * What a search found: the move, the depth, the score and the line.
 */
export class Thought {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The move chosen (the line's first move while the search goes on).
     */
    best: string;
    /**
     * The last finished iteration's depth in plies.
     */
    depth: number;
    /**
     * The expected line, in canonical notation.
     */
    line: string[];
    /**
     * Nodes searched.
     */
    nodes: number;
    /**
     * The reported score for programs (the page shows players none), for the side
     * to move: centi-pieces (`35`), or `win 3` / `loss 4` in plies.
     */
    score: string;
    /**
     * Milliseconds since the search began.
     */
    timeMs: number;
}

/**
 * The search's signature (`battaglie_ai::bench`): its own set of positions searched
 * to `depth` plies on one thread, whose node count is pinned for the native search.
 */
export function bench(depth: number): Bench;

/**
 * The positions of `battaglie bench`, each a game to search (the speed benchmark
 * compares the browser with the native program on them).
 */
export function benchPositions(): Battle[];

/**
 * The ids of the built-in battles, in the rules crate's order.
 */
export function scenarioIds(): string[];

/**
 * The scenario file (TOML) of the built-in battle `id`.
 */
export function scenarioSource(id: string): string;

/**
 * The built-in battles as the page draws and describes them: the JSON of the
 * server's `GET /api/scenarios`.
 */
export function scenariosJson(): string;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_battle_free: (a: number, b: number) => void;
    readonly __wbg_bench_free: (a: number, b: number) => void;
    readonly __wbg_computerturn_free: (a: number, b: number) => void;
    readonly __wbg_get_bench_ms: (a: number) => number;
    readonly __wbg_get_bench_nodes: (a: number) => number;
    readonly __wbg_get_computerturn_best: (a: number) => [number, number];
    readonly __wbg_get_computerturn_offersDraw: (a: number) => number;
    readonly __wbg_get_computerturn_resigns: (a: number) => number;
    readonly __wbg_get_computerturn_says: (a: number) => [number, number];
    readonly __wbg_get_computerturn_scores: (a: number) => [number, number];
    readonly __wbg_get_thought_best: (a: number) => [number, number];
    readonly __wbg_get_thought_depth: (a: number) => number;
    readonly __wbg_get_thought_line: (a: number) => [number, number];
    readonly __wbg_get_thought_nodes: (a: number) => number;
    readonly __wbg_get_thought_score: (a: number) => [number, number];
    readonly __wbg_get_thought_timeMs: (a: number) => number;
    readonly __wbg_learnstage_free: (a: number, b: number) => void;
    readonly __wbg_set_bench_ms: (a: number, b: number) => void;
    readonly __wbg_set_bench_nodes: (a: number, b: number) => void;
    readonly __wbg_set_computerturn_best: (a: number, b: number, c: number) => void;
    readonly __wbg_set_computerturn_offersDraw: (a: number, b: number) => void;
    readonly __wbg_set_computerturn_resigns: (a: number, b: number) => void;
    readonly __wbg_set_computerturn_says: (a: number, b: number, c: number) => void;
    readonly __wbg_set_computerturn_scores: (a: number, b: number, c: number) => void;
    readonly __wbg_set_thought_best: (a: number, b: number, c: number) => void;
    readonly __wbg_set_thought_depth: (a: number, b: number) => void;
    readonly __wbg_set_thought_line: (a: number, b: number, c: number) => void;
    readonly __wbg_set_thought_nodes: (a: number, b: number) => void;
    readonly __wbg_set_thought_score: (a: number, b: number, c: number) => void;
    readonly __wbg_set_thought_timeMs: (a: number, b: number) => void;
    readonly __wbg_thought_free: (a: number, b: number) => void;
    readonly battle_analyse: (a: number, b: number, c: number) => [number, number];
    readonly battle_bfen: (a: number) => [number, number];
    readonly battle_coachThreats: (a: number, b: number, c: number, d: number, e: number) => [number, number, number, number];
    readonly battle_coachWarning: (a: number, b: number, c: number, d: number, e: number) => [number, number, number, number];
    readonly battle_computerAcceptsDraw: (a: number, b: number, c: number, d: number, e: number) => [number, number, number, number];
    readonly battle_computerTurn: (a: number, b: number, c: number, d: number, e: number, f: number, g: bigint) => [number, number, number];
    readonly battle_fromRecord: (a: number, b: number) => [number, number, number];
    readonly battle_fromScenarioFile: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
    readonly battle_gif: (a: number, b: number, c: number) => [number, number, number, number];
    readonly battle_legalMoves: (a: number) => [number, number];
    readonly battle_moves: (a: number) => [number, number];
    readonly battle_new: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly battle_outcome: (a: number) => [number, number];
    readonly battle_perft: (a: number, b: number) => bigint;
    readonly battle_play: (a: number, b: number, c: number) => [number, number, number, number];
    readonly battle_png: (a: number, b: number) => [number, number, number, number];
    readonly battle_premovesJson: (a: number, b: number, c: number) => [number, number, number, number];
    readonly battle_recordJson: (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => [number, number];
    readonly battle_recordText: (a: number, b: number, c: number, d: number, e: number, f: number, g: number) => [number, number];
    readonly battle_replayJson: (a: number) => [number, number];
    readonly battle_scenario: (a: number) => [number, number];
    readonly battle_settle: (a: number, b: number, c: number, d: number, e: number) => [number, number];
    readonly battle_sideToMove: (a: number) => [number, number];
    readonly battle_stateJson: (a: number) => [number, number];
    readonly battle_think: (a: number, b: number, c: number, d: number, e: number, f: number, g: bigint, h: number) => [number, number, number];
    readonly battle_undo: (a: number) => [number, number];
    readonly battle_undoCount: (a: number, b: number, c: number) => [number, number, number];
    readonly bench: (a: number) => number;
    readonly benchPositions: () => [number, number];
    readonly learnstage_bfen: (a: number) => [number, number];
    readonly learnstage_hint: (a: number) => [number, number];
    readonly learnstage_legalMoves: (a: number) => [number, number];
    readonly learnstage_new: (a: number, b: number, c: number, d: number, e: number) => [number, number, number];
    readonly learnstage_played: (a: number) => number;
    readonly learnstage_scenarioJson: (a: number) => [number, number];
    readonly learnstage_stateJson: (a: number) => [number, number];
    readonly learnstage_tryMove: (a: number, b: number, c: number, d: number, e: number) => [number, number, number, number];
    readonly scenarioIds: () => [number, number];
    readonly scenarioSource: (a: number, b: number) => [number, number, number, number];
    readonly scenariosJson: () => [number, number];
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __externref_drop_slice: (a: number, b: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
