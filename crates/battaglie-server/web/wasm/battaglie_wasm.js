/* @ts-self-types="./battaglie_wasm.d.ts" */

/**
 * A game: its start, the moves played and the position they reached.
 */
export class Battle {
    static __wrap(ptr) {
        const obj = Object.create(Battle.prototype);
        obj.__wbg_ptr = ptr;
        BattleFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        BattleFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_battle_free(ptr, 0);
    }
    /**
     * Every move of the game judged at `nodes` per position, as the JSON the
     * server's analysis answers; `progress` hears the analysis as far as it has
     * come (the same JSON) after each judged move, for a page to draw as it goes.
     * @param {number} nodes
     * @param {Function | null} [progress]
     * @returns {string}
     */
    analyse(nodes, progress) {
        let deferred2_0;
        let deferred2_1;
        try {
            const val1 = +nodes;
            const ret = wasm.battle_analyse(this.__wbg_ptr, val1, isLikeNone(progress) ? 0 : addToExternrefTable0(progress));
            deferred2_0 = ret[0];
            deferred2_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
        }
    }
    /**
     * The current position in BFEN.
     * @returns {string}
     */
    get bfen() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.battle_bfen(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * What the other side threatens against `side` (`army` or `indians`) now, in one
     * sentence in `lang`, with the squares to mark (none once the game is over).
     *
     * # Errors
     * When `side` or `lang` is not one of their words.
     * @param {string} side
     * @param {string} lang
     * @returns {string}
     */
    coachThreats(side, lang) {
        let deferred4_0;
        let deferred4_1;
        try {
            let ptr0, len0, ptr1, len1;
            try {
                ptr0 = passStringToWasm0(side, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len0 = WASM_VECTOR_LEN;
                ptr1 = passStringToWasm0(lang, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len1 = WASM_VECTOR_LEN;
            } catch (e) {
                if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
                if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
                throw e;
            }
            const ret = wasm.battle_coachThreats(this.__wbg_ptr, ptr0, len0, ptr1, len1);
            var ptr3 = ret[0];
            var len3 = ret[1];
            if (ret[3]) {
                ptr3 = 0; len3 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred4_0 = ptr3;
            deferred4_1 = len3;
            return getStringFromWasm0(ptr3, len3);
        } finally {
            wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
        }
    }
    /**
     * The coach's warning before the side to move plays `mv` (in notation), in `lang`
     * (`en`, `it`, `fr`, `de`), or nothing when the move needs none (it leaves nothing
     * to be eliminated, ends the game, or no move would lose less).
     *
     * # Errors
     * When `mv` is not a legal move here or `lang` is not a language of the page.
     * @param {string} mv
     * @param {string} lang
     * @returns {string | undefined}
     */
    coachWarning(mv, lang) {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passStringToWasm0(mv, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(lang, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.battle_coachWarning(this.__wbg_ptr, ptr0, len0, ptr1, len1);
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        let v3;
        if (ret[0] !== 0) {
            v3 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v3;
    }
    /**
     * Why the computer, playing `computer` (`army` or `indians`) with its course
     * of the game `scores` (as [`Battle::computer_turn`] answered them), accepts a
     * draw offered now, as it does on the server and in the words of its state's
     * `computer_says` (`cannot-win`, `behind` ...); nothing when it declines.
     * @param {string} computer
     * @param {string[]} scores
     * @returns {string | undefined}
     */
    computerAcceptsDraw(computer, scores) {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passStringToWasm0(computer, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passArrayJsValueToWasm0(scores, wasm.__wbindgen_malloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__externref_drop_slice(ptr1, len1); wasm.__wbindgen_free(ptr1, len1 * 4, 4); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.battle_computerAcceptsDraw(this.__wbg_ptr, ptr0, len0, ptr1, len1);
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        let v3;
        if (ret[0] !== 0) {
            v3 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v3;
    }
    /**
     * The computer's turn as the server plays it (`battaglie_ai::computer_turn`):
     * its move at `level`, and whether it resigns instead or offers a draw with it.
     * `scores` is its side's course of the game (what its last turn answered; none
     * at the start and after a take-back), `offered_at` the length of the game when
     * it last offered a draw. Answers `undefined` when there is no move to make.
     * @param {number} level
     * @param {string[]} scores
     * @param {number | null} [offered_at]
     * @param {bigint | null} [seed]
     * @returns {ComputerTurn | undefined}
     */
    computerTurn(level, scores, offered_at, seed) {
        const val2 = +level;
        const val3 = +(isLikeNone(offered_at) ? Number.MAX_SAFE_INTEGER : (offered_at) >>> 0);
        const val4 = BigInt.asIntN(64, (isLikeNone(seed) ? BigInt(0) : seed));
        const ptr0 = passArrayJsValueToWasm0(scores, wasm.__wbindgen_malloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.battle_computerTurn(this.__wbg_ptr, val2, ptr0, len0, val3, !isLikeNone(seed), val4);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0] === 0 ? undefined : ComputerTurn.__wrap(ret[0]);
    }
    /**
     * The game a record holds, in either form (JSON or text), every move replayed
     * and checked.
     * @param {string} text
     * @returns {Battle}
     */
    static fromRecord(text) {
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.battle_fromRecord(ptr0, len0);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Battle.__wrap(ret[0]);
    }
    /**
     * A game of a scenario given as its file (`file` names it in errors), from its
     * start or from the position `bfen`.
     * @param {string} file
     * @param {string} toml
     * @param {string | null} [bfen]
     * @returns {Battle}
     */
    static fromScenarioFile(file, toml, bfen) {
        let ptr0, len0, ptr1, len1, ptr2, len2;
        try {
            ptr0 = passStringToWasm0(file, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(toml, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
            ptr2 = isLikeNone(bfen) ? 0 : passStringToWasm0(bfen, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len2 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.battle_fromScenarioFile(ptr0, len0, ptr1, len1, ptr2, len2);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return Battle.__wrap(ret[0]);
    }
    /**
     * The positions after plies `from` to `until` (0 is the start; by default the
     * whole game) as an animated GIF, drawn as the server draws its
     * `GET /api/games/{id}/gif`; a range the game does not have is refused.
     * @param {number | null} [from]
     * @param {number | null} [until]
     * @returns {Uint8Array}
     */
    gif(from, until) {
        const ret = wasm.battle_gif(this.__wbg_ptr, isLikeNone(from) ? Number.MAX_SAFE_INTEGER : (from) >>> 0, isLikeNone(until) ? Number.MAX_SAFE_INTEGER : (until) >>> 0);
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        var v1 = getArrayU8FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        return v1;
    }
    /**
     * The legal moves of the current position in canonical notation (none once the
     * game is over).
     * @returns {string[]}
     */
    legalMoves() {
        const ret = wasm.battle_legalMoves(this.__wbg_ptr);
        var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
        return v1;
    }
    /**
     * The moves played, in canonical notation.
     * @returns {string[]}
     */
    get moves() {
        const ret = wasm.battle_moves(this.__wbg_ptr);
        var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
        return v1;
    }
    /**
     * A game of the built-in battle `scenario` (its id, e.g. `washita`), from the
     * battle's start or from the position `bfen`.
     * @param {string} scenario
     * @param {string | null} [bfen]
     */
    constructor(scenario, bfen) {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passStringToWasm0(scenario, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = isLikeNone(bfen) ? 0 : passStringToWasm0(bfen, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.battle_new(ptr0, len0, ptr1, len1);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        BattleFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * How the game ended, in the protocol's status words (`win army`, `draw
     * repetition`), or `undefined` while it goes on.
     * @returns {string | undefined}
     */
    get outcome() {
        const ret = wasm.battle_outcome(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * The positions `depth` plies ahead, counted (perft).
     * @param {number} depth
     * @returns {bigint}
     */
    perft(depth) {
        const ret = wasm.battle_perft(this.__wbg_ptr, depth);
        return BigInt.asUintN(64, ret);
    }
    /**
     * Plays the move `text` (any notation the rules accept) and answers it in
     * canonical notation; an illegal move is refused with the rule it breaks.
     * @param {string} text
     * @returns {string}
     */
    play(text) {
        let deferred3_0;
        let deferred3_1;
        try {
            const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.battle_play(this.__wbg_ptr, ptr0, len0);
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * The position after ply `ply` (by default the last) as a PNG, drawn as the
     * server draws its `GET /api/games/{id}/png`.
     * @param {number | null} [ply]
     * @returns {Uint8Array}
     */
    png(ply) {
        const ret = wasm.battle_png(this.__wbg_ptr, isLikeNone(ply) ? Number.MAX_SAFE_INTEGER : (ply) >>> 0);
        if (ret[3]) {
            throw takeFromExternrefTable0(ret[2]);
        }
        var v1 = getArrayU8FromWasm0(ret[0], ret[1]).slice();
        wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        return v1;
    }
    /**
     * The moves `side` (`army` or `indians`) could make on the board as it stands,
     * were it its turn (`Position::moves_of`): what a player may queue as a premove
     * while the opponent is to move. Grouped by source as the state's `legal`.
     * @param {string} side
     * @returns {string}
     */
    premovesJson(side) {
        let deferred3_0;
        let deferred3_1;
        try {
            const ptr0 = passStringToWasm0(side, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            const len0 = WASM_VECTOR_LEN;
            const ret = wasm.battle_premovesJson(this.__wbg_ptr, ptr0, len0);
            var ptr2 = ret[0];
            var len2 = ret[1];
            if (ret[3]) {
                ptr2 = 0; len2 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred3_0 = ptr2;
            deferred3_1 = len2;
            return getStringFromWasm0(ptr2, len2);
        } finally {
            wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
        }
    }
    /**
     * The game's record in its JSON form.
     * @param {string} army
     * @param {string} indians
     * @param {string | null} [date]
     * @returns {string}
     */
    recordJson(army, indians, date) {
        let deferred4_0;
        let deferred4_1;
        try {
            let ptr0, len0, ptr1, len1, ptr2, len2;
            try {
                ptr0 = passStringToWasm0(army, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len0 = WASM_VECTOR_LEN;
                ptr1 = passStringToWasm0(indians, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len1 = WASM_VECTOR_LEN;
                ptr2 = isLikeNone(date) ? 0 : passStringToWasm0(date, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len2 = WASM_VECTOR_LEN;
            } catch (e) {
                if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
                if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
                if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
                throw e;
            }
            const ret = wasm.battle_recordJson(this.__wbg_ptr, ptr0, len0, ptr1, len1, ptr2, len2);
            deferred4_0 = ret[0];
            deferred4_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
        }
    }
    /**
     * The game's record in its text form.
     * @param {string} army
     * @param {string} indians
     * @param {string | null} [date]
     * @returns {string}
     */
    recordText(army, indians, date) {
        let deferred4_0;
        let deferred4_1;
        try {
            let ptr0, len0, ptr1, len1, ptr2, len2;
            try {
                ptr0 = passStringToWasm0(army, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len0 = WASM_VECTOR_LEN;
                ptr1 = passStringToWasm0(indians, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len1 = WASM_VECTOR_LEN;
                ptr2 = isLikeNone(date) ? 0 : passStringToWasm0(date, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len2 = WASM_VECTOR_LEN;
            } catch (e) {
                if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
                if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
                if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
                throw e;
            }
            const ret = wasm.battle_recordText(this.__wbg_ptr, ptr0, len0, ptr1, len1, ptr2, len2);
            deferred4_0 = ret[0];
            deferred4_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
        }
    }
    /**
     * Every position of the game, for replaying it: the JSON of the server's
     * `GET /api/games/{id}/positions`.
     * @returns {string}
     */
    replayJson() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.battle_replayJson(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The battle's id.
     * @returns {string}
     */
    get scenario() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.battle_scenario(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Ends the game as the players or a clock settled it, in the state's words:
     * `result` `army`, `indians` or `draw`, `reason` `resignation`, `agreement`,
     * `time` or `abandoned` (the other endings are the rules' own); refused once
     * the game is over.
     * @param {string} result
     * @param {string} reason
     */
    settle(result, reason) {
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passStringToWasm0(result, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(reason, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.battle_settle(this.__wbg_ptr, ptr0, len0, ptr1, len1);
        if (ret[1]) {
            throw takeFromExternrefTable0(ret[0]);
        }
    }
    /**
     * The side to move: `army` or `indians`.
     * @returns {string}
     */
    get sideToMove() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.battle_sideToMove(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The rules' fields of the game's state, as the server's state JSON writes them
     * (`battaglie_view::game_view`): the offline edition adds the rest.
     * @returns {string}
     */
    stateJson() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.battle_stateJson(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The computer's move in the current position: at `level` (1 to 8, the
     * computer opponent's levels), or within explicit bounds (`depth` plies,
     * `nodes`, `movetime_ms`); `seed` makes a level's choices reproducible.
     * `on_iteration` hears of each finished iteration (a [`Thought`]). Answers
     * `undefined` when there is no move to make.
     * @param {number | null} [level]
     * @param {number | null} [depth]
     * @param {number | null} [nodes]
     * @param {number | null} [movetime_ms]
     * @param {bigint | null} [seed]
     * @param {Function | null} [on_iteration]
     * @returns {Thought | undefined}
     */
    think(level, depth, nodes, movetime_ms, seed, on_iteration) {
        const val1 = +(isLikeNone(level) ? 0xFFFFFF : level);
        const val2 = +(isLikeNone(depth) ? Number.MAX_SAFE_INTEGER : (depth) >>> 0);
        const val3 = +(isLikeNone(nodes) ? Number.MAX_SAFE_INTEGER : (nodes) >>> 0);
        const val4 = +(isLikeNone(movetime_ms) ? Number.MAX_SAFE_INTEGER : (movetime_ms) >>> 0);
        const val5 = BigInt.asIntN(64, (isLikeNone(seed) ? BigInt(0) : seed));
        const ret = wasm.battle_think(this.__wbg_ptr, val1, val2, val3, val4, !isLikeNone(seed), val5, isLikeNone(on_iteration) ? 0 : addToExternrefTable0(on_iteration));
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0] === 0 ? undefined : Thought.__wrap(ret[0]);
    }
    /**
     * How many moves an undo takes back: the last one at one screen (no
     * `computer`), against the computer (playing `computer`) back to before its
     * opponent's last move; 0 when there is nothing to take back.
     * @param {string | null} [computer]
     * @returns {number}
     */
    undoCount(computer) {
        var ptr0 = isLikeNone(computer) ? 0 : passStringToWasm0(computer, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        var len0 = WASM_VECTOR_LEN;
        const ret = wasm.battle_undoCount(this.__wbg_ptr, ptr0, len0);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        return ret[0] >>> 0;
    }
    /**
     * Takes back the last move, answering it (`undefined` at the start).
     * @returns {string | undefined}
     */
    undo() {
        const ret = wasm.battle_undo(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
}
if (Symbol.dispose) Battle.prototype[Symbol.dispose] = Battle.prototype.free;

/**
 * What [`bench`] measured.
 */
export class Bench {
    static __wrap(ptr) {
        const obj = Object.create(Bench.prototype);
        obj.__wbg_ptr = ptr;
        BenchFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        BenchFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_bench_free(ptr, 0);
    }
    /**
     * Milliseconds taken.
     * @returns {number}
     */
    get ms() {
        const ret = wasm.__wbg_get_bench_ms(this.__wbg_ptr);
        return ret;
    }
    /**
     * Nodes searched in all.
     * @returns {number}
     */
    get nodes() {
        const ret = wasm.__wbg_get_bench_nodes(this.__wbg_ptr);
        return ret;
    }
    /**
     * Milliseconds taken.
     * @param {number} arg0
     */
    set ms(arg0) {
        wasm.__wbg_set_bench_ms(this.__wbg_ptr, arg0);
    }
    /**
     * Nodes searched in all.
     * @param {number} arg0
     */
    set nodes(arg0) {
        wasm.__wbg_set_bench_nodes(this.__wbg_ptr, arg0);
    }
}
if (Symbol.dispose) Bench.prototype[Symbol.dispose] = Bench.prototype.free;

/**
 * What the computer does on its turn ([`Battle::computer_turn`]).
 */
export class ComputerTurn {
    static __wrap(ptr) {
        const obj = Object.create(ComputerTurn.prototype);
        obj.__wbg_ptr = ptr;
        ComputerTurnFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        ComputerTurnFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_computerturn_free(ptr, 0);
    }
    /**
     * The move it plays, in canonical notation (unless it resigns).
     * @returns {string}
     */
    get best() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.__wbg_get_computerturn_best(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Whether it offers a draw with its move.
     * @returns {boolean}
     */
    get offersDraw() {
        const ret = wasm.__wbg_get_computerturn_offersDraw(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * Whether it resigns instead of moving.
     * @returns {boolean}
     */
    get resigns() {
        const ret = wasm.__wbg_get_computerturn_resigns(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * Why it resigns or offers, as the server's state says it (`computer_says`).
     * @returns {string | undefined}
     */
    get says() {
        const ret = wasm.__wbg_get_computerturn_says(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * Its course of the game, to give back at its next turn.
     * @returns {string[]}
     */
    get scores() {
        const ret = wasm.__wbg_get_computerturn_scores(this.__wbg_ptr);
        var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
        return v1;
    }
    /**
     * The move it plays, in canonical notation (unless it resigns).
     * @param {string} arg0
     */
    set best(arg0) {
        const ptr0 = passStringToWasm0(arg0, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        wasm.__wbg_set_computerturn_best(this.__wbg_ptr, ptr0, len0);
    }
    /**
     * Whether it offers a draw with its move.
     * @param {boolean} arg0
     */
    set offersDraw(arg0) {
        wasm.__wbg_set_computerturn_offersDraw(this.__wbg_ptr, arg0);
    }
    /**
     * Whether it resigns instead of moving.
     * @param {boolean} arg0
     */
    set resigns(arg0) {
        wasm.__wbg_set_computerturn_resigns(this.__wbg_ptr, arg0);
    }
    /**
     * Why it resigns or offers, as the server's state says it (`computer_says`).
     * @param {string | null} [arg0]
     */
    set says(arg0) {
        var ptr0 = isLikeNone(arg0) ? 0 : passStringToWasm0(arg0, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        var len0 = WASM_VECTOR_LEN;
        wasm.__wbg_set_computerturn_says(this.__wbg_ptr, ptr0, len0);
    }
    /**
     * Its course of the game, to give back at its next turn.
     * @param {string[]} arg0
     */
    set scores(arg0) {
        const ptr0 = passArrayJsValueToWasm0(arg0, wasm.__wbindgen_malloc);
        const len0 = WASM_VECTOR_LEN;
        wasm.__wbg_set_computerturn_scores(this.__wbg_ptr, ptr0, len0);
    }
}
if (Symbol.dispose) ComputerTurn.prototype[Symbol.dispose] = ComputerTurn.prototype.free;

/**
 * A stage of a lesson in play.
 */
export class LearnStage {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        LearnStageFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_learnstage_free(ptr, 0);
    }
    /**
     * The position now, in BFEN.
     * @returns {string}
     */
    get bfen() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.learnstage_bfen(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The next move of a shortest solution from here, or nothing when the stage can no
     * longer be completed within its moves.
     * @returns {string | undefined}
     */
    hint() {
        const ret = wasm.learnstage_hint(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * The legal moves now, in notation (none once the stage is over).
     * @returns {string[]}
     */
    legalMoves() {
        const ret = wasm.learnstage_legalMoves(this.__wbg_ptr);
        var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
        return v1;
    }
    /**
     * Stage `stage` (from 1) of the lesson `lesson` (its id), from its JSON (one stage
     * of the lessons' JSON, texts in one language or four), from its start.
     * @param {string} lesson
     * @param {number} stage
     * @param {string} json
     */
    constructor(lesson, stage, json) {
        const val3 = +stage;
        let ptr0, len0, ptr1, len1;
        try {
            ptr0 = passStringToWasm0(lesson, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(json, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        const ret = wasm.learnstage_new(ptr0, len0, val3, ptr1, len1);
        if (ret[2]) {
            throw takeFromExternrefTable0(ret[1]);
        }
        this.__wbg_ptr = ret[0];
        LearnStageFinalization.register(this, this.__wbg_ptr, this);
        return this;
    }
    /**
     * The player's moves so far.
     * @returns {number}
     */
    get played() {
        const ret = wasm.learnstage_played(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The stage's map as the page's board draws a battle's: the JSON of
     * `GET /api/scenarios/{id}`.
     * @returns {string}
     */
    scenarioJson() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.learnstage_scenarioJson(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The rules' fields of the stage's game now, as the server's state JSON writes
     * them (`battaglie_view::game_view`): the stacks, the moves played, the legal moves
     * grouped by square (none once the stage is over).
     * @returns {string}
     */
    stateJson() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.learnstage_stateJson(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Tries a move in notation. Answers JSON: `{"ok": true, "move", "reply", "bfen",
     * "finish": null | {"kind": "won" | "out_of_moves" | "ended", "moves", "stars",
     * "words"}}` or `{"ok": false, "rule", "words", "squares"}`, the words in `lang`.
     * @param {string} text
     * @param {string} lang_code
     * @returns {string}
     */
    tryMove(text, lang_code) {
        let deferred4_0;
        let deferred4_1;
        try {
            let ptr0, len0, ptr1, len1;
            try {
                ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len0 = WASM_VECTOR_LEN;
                ptr1 = passStringToWasm0(lang_code, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
                len1 = WASM_VECTOR_LEN;
            } catch (e) {
                if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
                if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
                throw e;
            }
            const ret = wasm.learnstage_tryMove(this.__wbg_ptr, ptr0, len0, ptr1, len1);
            var ptr3 = ret[0];
            var len3 = ret[1];
            if (ret[3]) {
                ptr3 = 0; len3 = 0;
                throw takeFromExternrefTable0(ret[2]);
            }
            deferred4_0 = ptr3;
            deferred4_1 = len3;
            return getStringFromWasm0(ptr3, len3);
        } finally {
            wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
        }
    }
}
if (Symbol.dispose) LearnStage.prototype[Symbol.dispose] = LearnStage.prototype.free;

/**
 * What a search found: the move, the depth, the score and the line.
 */
export class Thought {
    static __wrap(ptr) {
        const obj = Object.create(Thought.prototype);
        obj.__wbg_ptr = ptr;
        ThoughtFinalization.register(obj, obj.__wbg_ptr, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        ThoughtFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_thought_free(ptr, 0);
    }
    /**
     * The move chosen (the line's first move while the search goes on).
     * @returns {string}
     */
    get best() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.__wbg_get_thought_best(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * The last finished iteration's depth in plies.
     * @returns {number}
     */
    get depth() {
        const ret = wasm.__wbg_get_thought_depth(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * The expected line, in canonical notation.
     * @returns {string[]}
     */
    get line() {
        const ret = wasm.__wbg_get_thought_line(this.__wbg_ptr);
        var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
        wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
        return v1;
    }
    /**
     * Nodes searched.
     * @returns {number}
     */
    get nodes() {
        const ret = wasm.__wbg_get_thought_nodes(this.__wbg_ptr);
        return ret;
    }
    /**
     * The reported score for programs (the page shows players none), for the side
     * to move: centi-pieces (`35`), or `win 3` / `loss 4` in plies.
     * @returns {string}
     */
    get score() {
        let deferred1_0;
        let deferred1_1;
        try {
            const ret = wasm.__wbg_get_thought_score(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * Milliseconds since the search began.
     * @returns {number}
     */
    get timeMs() {
        const ret = wasm.__wbg_get_thought_timeMs(this.__wbg_ptr);
        return ret;
    }
    /**
     * The move chosen (the line's first move while the search goes on).
     * @param {string} arg0
     */
    set best(arg0) {
        const ptr0 = passStringToWasm0(arg0, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        wasm.__wbg_set_thought_best(this.__wbg_ptr, ptr0, len0);
    }
    /**
     * The last finished iteration's depth in plies.
     * @param {number} arg0
     */
    set depth(arg0) {
        wasm.__wbg_set_thought_depth(this.__wbg_ptr, arg0);
    }
    /**
     * The expected line, in canonical notation.
     * @param {string[]} arg0
     */
    set line(arg0) {
        const ptr0 = passArrayJsValueToWasm0(arg0, wasm.__wbindgen_malloc);
        const len0 = WASM_VECTOR_LEN;
        wasm.__wbg_set_thought_line(this.__wbg_ptr, ptr0, len0);
    }
    /**
     * Nodes searched.
     * @param {number} arg0
     */
    set nodes(arg0) {
        wasm.__wbg_set_thought_nodes(this.__wbg_ptr, arg0);
    }
    /**
     * The reported score for programs (the page shows players none), for the side
     * to move: centi-pieces (`35`), or `win 3` / `loss 4` in plies.
     * @param {string} arg0
     */
    set score(arg0) {
        const ptr0 = passStringToWasm0(arg0, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        wasm.__wbg_set_thought_score(this.__wbg_ptr, ptr0, len0);
    }
    /**
     * Milliseconds since the search began.
     * @param {number} arg0
     */
    set timeMs(arg0) {
        wasm.__wbg_set_thought_timeMs(this.__wbg_ptr, arg0);
    }
}
if (Symbol.dispose) Thought.prototype[Symbol.dispose] = Thought.prototype.free;

/**
 * The search's signature (`battaglie_ai::bench`): its own set of positions searched
 * to `depth` plies on one thread, whose node count is pinned for the native search.
 * @param {number} depth
 * @returns {Bench}
 */
export function bench(depth) {
    const ret = wasm.bench(depth);
    return Bench.__wrap(ret);
}

/**
 * The positions of `battaglie bench`, each a game to search (the speed benchmark
 * compares the browser with the native program on them).
 * @returns {Battle[]}
 */
export function benchPositions() {
    const ret = wasm.benchPositions();
    var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
    wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
    return v1;
}

/**
 * The ids of the built-in battles, in the rules crate's order.
 * @returns {string[]}
 */
export function scenarioIds() {
    const ret = wasm.scenarioIds();
    var v1 = getArrayJsValueFromWasm0(ret[0], ret[1]);
    wasm.__wbindgen_free(ret[0], ret[1] * 4, 4);
    return v1;
}

/**
 * The scenario file (TOML) of the built-in battle `id`.
 * @param {string} id
 * @returns {string}
 */
export function scenarioSource(id) {
    let deferred3_0;
    let deferred3_1;
    try {
        const ptr0 = passStringToWasm0(id, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.scenarioSource(ptr0, len0);
        var ptr2 = ret[0];
        var len2 = ret[1];
        if (ret[3]) {
            ptr2 = 0; len2 = 0;
            throw takeFromExternrefTable0(ret[2]);
        }
        deferred3_0 = ptr2;
        deferred3_1 = len2;
        return getStringFromWasm0(ptr2, len2);
    } finally {
        wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
    }
}

/**
 * The built-in battles as the page draws and describes them: the JSON of the
 * server's `GET /api/scenarios`.
 * @returns {string}
 */
export function scenariosJson() {
    let deferred1_0;
    let deferred1_1;
    try {
        const ret = wasm.scenariosJson();
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
}
function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg_Error_208446807d0d1e30: function(arg0, arg1) {
            const ret = Error(getStringFromWasm0(arg0, arg1));
            return ret;
        },
        __wbg___wbindgen_is_undefined_be5b34249ff1fc15: function(arg0) {
            const ret = arg0 === undefined;
            return ret;
        },
        __wbg___wbindgen_string_get_7ce8eee7fd327545: function(arg0, arg1) {
            const obj = arg1;
            const ret = typeof(obj) === 'string' ? obj : undefined;
            var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            var len1 = WASM_VECTOR_LEN;
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 1, len1, true);
            getDataViewMemory0().setInt32((arg0 >>> 0) + 4 * 0, ptr1, true);
        },
        __wbg___wbindgen_throw_4c88d8bf264fd984: function(arg0, arg1) {
            throw new Error(getStringFromWasm0(arg0, arg1));
        },
        __wbg_battle_new: function(arg0) {
            const ret = Battle.__wrap(arg0);
            return ret;
        },
        __wbg_call_a410eb4b59ed5965: function() { return handleError(function (arg0, arg1, arg2) {
            const ret = arg0.call(arg1, arg2);
            return ret;
        }, arguments); },
        __wbg_now_e7c6795a7f81e10f: function(arg0) {
            const ret = arg0.now();
            return ret;
        },
        __wbg_performance_7e4e4494fdc9d07a: function(arg0) {
            const ret = arg0.performance;
            return ret;
        },
        __wbg_static_accessor_GLOBAL_THIS_003ee833af9699fc: function() {
            const ret = typeof globalThis === 'undefined' ? undefined : globalThis;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_GLOBAL_e4293fb22cbe77da: function() {
            const ret = typeof global === 'undefined' ? undefined : global;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_SELF_53bb20457401453d: function() {
            const ret = typeof self === 'undefined' ? undefined : self;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_static_accessor_WINDOW_b5e0810bfecb7feb: function() {
            const ret = typeof window === 'undefined' ? undefined : window;
            return isLikeNone(ret) ? 0 : addToExternrefTable0(ret);
        },
        __wbg_thought_new: function(arg0) {
            const ret = Thought.__wrap(arg0);
            return ret;
        },
        __wbindgen_generic_0000000000000001: function(arg0, arg1) {
            // Cast intrinsic for `Ref(String) -> Externref`.
            const ret = getStringFromWasm0(arg0, arg1);
            return ret;
        },
        __wbindgen_init_externref_table: function() {
            const table = wasm.__wbindgen_externrefs;
            table.set(0, undefined);
            table.set(1024, undefined);
            table.set(1025, null);
            table.set(1026, true);
            table.set(1027, false);
        },
    };
    return {
        __proto__: null,
        "./battaglie_wasm_bg.js": import0,
    };
}

const BattleFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_battle_free(ptr, 1));
const BenchFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_bench_free(ptr, 1));
const ComputerTurnFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_computerturn_free(ptr, 1));
const LearnStageFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_learnstage_free(ptr, 1));
const ThoughtFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_thought_free(ptr, 1));

function addToExternrefTable0(obj) {
    const idx = wasm.__externref_table_alloc();
    wasm.__wbindgen_externrefs.set(idx, obj);
    return idx;
}

function getArrayJsValueFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    const mem = getDataViewMemory0();
    const result = [];
    for (let i = ptr; i < ptr + 4 * len; i += 4) {
        result.push(wasm.__wbindgen_externrefs.get(mem.getUint32(i, true)));
    }
    wasm.__externref_drop_slice(ptr, len);
    return result;
}

function getArrayU8FromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return getUint8ArrayMemory0().subarray(ptr / 1, ptr / 1 + len);
}

let cachedDataViewMemory0 = null;
function getDataViewMemory0() {
    if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached === true || (cachedDataViewMemory0.buffer.detached === undefined && cachedDataViewMemory0.buffer !== wasm.memory.buffer)) {
        cachedDataViewMemory0 = new DataView(wasm.memory.buffer);
    }
    return cachedDataViewMemory0;
}

function getStringFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}

let cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
}

function handleError(f, args) {
    try {
        return f.apply(this, args);
    } catch (e) {
        const idx = addToExternrefTable0(e);
        wasm.__wbindgen_exn_store(idx);
    }
}

function isLikeNone(x) {
    return x === undefined || x === null;
}

function passArrayJsValueToWasm0(array, malloc) {
    const ptr = malloc(array.length * 4, 4) >>> 0;
    for (let i = 0; i < array.length; i++) {
        const add = addToExternrefTable0(array[i]);
        getDataViewMemory0().setUint32(ptr + 4 * i, add, true);
    }
    WASM_VECTOR_LEN = array.length;
    return ptr;
}

function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === undefined) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr;
    }

    let len = arg.length;
    let ptr = malloc(len, 1) >>> 0;

    const mem = getUint8ArrayMemory0();

    let offset = 0;

    for (; offset < len; offset++) {
        const code = arg.charCodeAt(offset);
        if (code > 0x7F) break;
        mem[ptr + offset] = code;
    }
    if (offset !== len) {
        if (offset !== 0) {
            arg = arg.slice(offset);
        }
        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
        const ret = cachedTextEncoder.encodeInto(arg, view);

        offset += ret.written;
        ptr = realloc(ptr, len, offset, 1) >>> 0;
    }

    WASM_VECTOR_LEN = offset;
    return ptr;
}

function takeFromExternrefTable0(idx) {
    const value = wasm.__wbindgen_externrefs.get(idx);
    wasm.__externref_table_dealloc(idx);
    return value;
}

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
cachedTextDecoder.decode();
const MAX_SAFARI_DECODE_BYTES = 2146435072;
let numBytesDecoded = 0;
function decodeText(bytes) {
    numBytesDecoded += bytes.length;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
        cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
        cachedTextDecoder.decode();
        numBytesDecoded = bytes.length;
    }
    return cachedTextDecoder.decode(bytes);
}

const cachedTextEncoder = new TextEncoder();

if (!('encodeInto' in cachedTextEncoder)) {
    cachedTextEncoder.encodeInto = function (arg, view) {
        const buf = cachedTextEncoder.encode(arg);
        view.set(buf);
        return {
            read: arg.length,
            written: buf.length
        };
    };
}

let WASM_VECTOR_LEN = 0;

let wasmModule, wasmInstance, wasm;
function __wbg_finalize_init(instance, module) {
    wasmInstance = instance;
    wasm = instance.exports;
    wasmModule = module;
    cachedDataViewMemory0 = null;
    cachedUint8ArrayMemory0 = null;
    wasm.__wbindgen_start();
    return wasm;
}

async function __wbg_load(module, imports) {
    if (typeof Response === 'function' && module instanceof Response) {
        if (!module.ok) {
            throw new Error(`failed to fetch Wasm: ${module.status} ${module.statusText} fetching '${module.url}'`);
        }

        if (typeof WebAssembly.instantiateStreaming === 'function') {
            try {
                return await WebAssembly.instantiateStreaming(module, imports);
            } catch (e) {
                const validResponse = expectedResponseType(module.type);

                if (validResponse && module.headers.get('Content-Type') !== 'application/wasm') {
                    console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve Wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);

                } else { throw e; }
            }
        }

        const bytes = await module.arrayBuffer();
        return await WebAssembly.instantiate(bytes, imports);
    } else {
        const instance = await WebAssembly.instantiate(module, imports);

        if (instance instanceof WebAssembly.Instance) {
            return { instance, module };
        } else {
            return instance;
        }
    }

    function expectedResponseType(type) {
        switch (type) {
            case 'basic': case 'cors': case 'default': return true;
        }
        return false;
    }
}

function initSync(module) {
    if (wasm !== undefined) return wasm;


    if (module !== undefined) {
        if (Object.getPrototypeOf(module) === Object.prototype) {
            ({module} = module)
        } else {
            console.warn('using deprecated parameters for `initSync()`; pass a single object instead')
        }
    }

    const imports = __wbg_get_imports();
    if (!(module instanceof WebAssembly.Module)) {
        module = new WebAssembly.Module(module);
    }
    const instance = new WebAssembly.Instance(module, imports);
    return __wbg_finalize_init(instance, module);
}

let __wbg_init_promise;
async function __wbg_init(module_or_path) {
    if (wasm !== undefined) return wasm;
    if (__wbg_init_promise === undefined) {
        __wbg_init_promise = __wbg_init_once(module_or_path);
        __wbg_init_promise.catch(() => { __wbg_init_promise = undefined; });
    }
    return __wbg_init_promise;
}

async function __wbg_init_once(module_or_path) {

    if (module_or_path !== undefined) {
        if (Object.getPrototypeOf(module_or_path) === Object.prototype) {
            ({module_or_path} = module_or_path)
        } else {
            console.warn('using deprecated parameters for the initialization function; pass a single object instead')
        }
    }

    if (module_or_path === undefined) {
        module_or_path = new URL('battaglie_wasm_bg.wasm', import.meta.url);
    }
    const imports = __wbg_get_imports();

    if (typeof module_or_path === 'string' || (typeof Request === 'function' && module_or_path instanceof Request) || (typeof URL === 'function' && module_or_path instanceof URL)) {
        module_or_path = fetch(module_or_path);
    }

    const { instance, module } = await __wbg_load(await module_or_path, imports);

    return __wbg_finalize_init(instance, module);
}

export { initSync, __wbg_init as default };
