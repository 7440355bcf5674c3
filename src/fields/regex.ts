// The `regex` validation of custom fields (docs/decisions.md "Custom fields"), run in time linear in the value's
// length whatever the pattern: a store's own pattern runs on every write of the field, inside the Worker, so a
// backtracking engine (JavaScript's RegExp) would let one pattern such as `(a+)+$` spend a request's whole CPU
// budget on a 30-character value. Patterns are parsed here and simulated as a set of NFA states (Thompson), one
// step per code point: O(value length × pattern size), with the pattern's size capped.
//
// The syntax is JavaScript's with the `u` flag (a pattern must also compile there, so a console can run it as
// typed), minus what needs backtracking: backreferences and lookarounds are refused (422), as RE2 does. A value
// matches when the pattern matches somewhere in it (RegExp.test): anchor with ^...$ to constrain the whole value.

type Test = (cp: number) => boolean;
type Node =
  | { t: "char"; test: Test }
  | { t: "seq"; items: Node[] }
  | { t: "alt"; alts: Node[] }
  | { t: "rep"; node: Node; min: number; max: number }
  | { t: "assert"; kind: "^" | "$" | "b" | "B" }
  | { t: "group"; node: Node };

export class PatternError extends Error {}

/** The most NFA instructions a pattern may compile to (a{1000} counts 1000): bounds the work per code point. */
const MAX_PROGRAM = 2_000;
const MAX_COUNT = 1_000;

const cp = (ch: string) => ch.codePointAt(0)!;
const inRange = (lo: number, hi: number): Test => (c) => c >= lo && c <= hi;
const DIGIT: Test = inRange(48, 57);
const WORD: Test = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const SPACES = new Set([9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]);
const SPACE: Test = (c) => SPACES.has(c) || (c >= 0x2000 && c <= 0x200a);
const LINE_END = new Set([10, 13, 0x2028, 0x2029]);
const not = (test: Test): Test => (c) => !test(c);
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13, "0": 0 };
const SYNTAX = new Set([..."^$\\.*+?()[]{}|/-"]);

class Parser {
  private i = 0;
  constructor(private readonly s: string[]) {}

  parse(): Node {
    const node = this.alternation();
    if (this.i < this.s.length) throw new PatternError(`unexpected "${this.s[this.i]}"`);
    return node;
  }

  private peek = () => this.s[this.i];
  private eat(ch: string) {
    if (this.s[this.i] !== ch) return false;
    this.i++;
    return true;
  }

  private alternation(): Node {
    const alts = [this.sequence()];
    while (this.eat("|")) alts.push(this.sequence());
    return alts.length === 1 ? alts[0] : { t: "alt", alts };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.s.length && this.peek() !== "|" && this.peek() !== ")") items.push(this.quantified(this.atom()));
    return { t: "seq", items };
  }

  private quantified(node: Node): Node {
    let min: number;
    let max: number;
    const ch = this.peek();
    if (ch === "*") [min, max] = [0, Infinity];
    else if (ch === "+") [min, max] = [1, Infinity];
    else if (ch === "?") [min, max] = [0, 1];
    else if (ch === "{") [min, max] = this.braces();
    else return node;
    if (ch !== "{") this.i++;
    this.eat("?"); // lazy or greedy: the same yes/no answer
    if (node.t === "assert") throw new PatternError("nothing to repeat");
    if (this.peek() === "*" || this.peek() === "+" || this.peek() === "?" || this.peek() === "{") throw new PatternError("nothing to repeat");
    return { t: "rep", node, min, max };
  }

  private braces(): [number, number] {
    const rest = this.s.slice(this.i).join("");
    const m = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    if (!m) throw new PatternError("a lone { must be escaped");
    this.i += [...m[0]].length;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
    if (max < min) throw new PatternError("numbers out of order in {} quantifier");
    if (min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT)) throw new PatternError(`a count in {} is at most ${MAX_COUNT}`);
    return [min, max];
  }

  private atom(): Node {
    const ch = this.s[this.i++];
    if (ch === "(") {
      if (this.eat("?")) {
        if (this.eat(":")) {
          // a group that does not capture
        } else if (this.peek() === "<" && this.s[this.i + 1] !== "=" && this.s[this.i + 1] !== "!") {
          while (this.i < this.s.length && this.peek() !== ">") this.i++;
          if (!this.eat(">")) throw new PatternError("unterminated group name");
        } else throw new PatternError("lookarounds are not supported (patterns run in linear time)");
      }
      const node = this.alternation();
      if (!this.eat(")")) throw new PatternError("unterminated group");
      return { t: "group", node };
    }
    if (ch === "[") return this.charClass();
    if (ch === ".") return { t: "char", test: (c) => !LINE_END.has(c) };
    if (ch === "^") return { t: "assert", kind: "^" };
    if (ch === "$") return { t: "assert", kind: "$" };
    if (ch === "\\") {
      const next = this.peek();
      if (next === "b" || next === "B") {
        this.i++;
        return { t: "assert", kind: next };
      }
      return { t: "char", test: this.escape(false) };
    }
    if (ch === ")" || ch === "]" || ch === "}" || ch === "{" || ch === "*" || ch === "+" || ch === "?") {
      throw new PatternError(ch === "*" || ch === "+" || ch === "?" ? "nothing to repeat" : `a lone ${ch} must be escaped`);
    }
    const code = cp(ch);
    return { t: "char", test: (c) => c === code };
  }

  /** After a backslash: a class escape (\d \w \s and their negations) or one code point. */
  private escape(inClass: boolean): Test {
    const ch = this.s[this.i++];
    if (ch === undefined) throw new PatternError("\\ at end of pattern");
    const classes: Record<string, Test> = { d: DIGIT, D: not(DIGIT), w: WORD, W: not(WORD), s: SPACE, S: not(SPACE) };
    if (classes[ch]) return classes[ch];
    const code = this.escapedCodePoint(ch, inClass);
    return (c) => c === code;
  }

  private escapedCodePoint(ch: string, inClass: boolean): number {
    if (ch in CONTROL_ESCAPES) {
      if (ch === "0" && DIGIT(cp(this.peek() ?? "x"))) throw new PatternError("octal escapes are not supported");
      return CONTROL_ESCAPES[ch];
    }
    if (/[1-9]/.test(ch) || ch === "k") throw new PatternError("backreferences are not supported (patterns run in linear time)");
    if (ch === "x" || ch === "u") {
      const rest = this.s.slice(this.i).join("");
      const m = ch === "x" ? /^[0-9a-fA-F]{2}/.exec(rest) : /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/.exec(rest);
      if (!m) throw new PatternError(`invalid \\${ch} escape`);
      this.i += m[0].length;
      const code = parseInt(m[0].replace(/[{}]/g, ""), 16);
      if (code > 0x10ffff) throw new PatternError("invalid \\u escape");
      return code;
    }
    if (ch === "b" && inClass) return 8;
    if (SYNTAX.has(ch) && (ch !== "-" || inClass)) return cp(ch);
    throw new PatternError(`\\${ch} is not supported`);
  }

  private charClass(): Node {
    const negated = this.eat("^");
    const parts: Test[] = [];
    while (this.peek() !== "]") {
      if (this.i >= this.s.length) throw new PatternError("unterminated character class");
      const low = this.classAtom();
      if (this.peek() === "-" && this.s[this.i + 1] !== "]" && this.s[this.i + 1] !== undefined) {
        this.i++;
        const high = this.classAtom();
        if (typeof low !== "number" || typeof high !== "number") throw new PatternError("a class escape cannot bound a range");
        if (high < low) throw new PatternError("range out of order in character class");
        parts.push(inRange(low, high));
      } else parts.push(typeof low === "number" ? (c) => c === low : low);
    }
    this.i++;
    const any: Test = (c) => parts.some((p) => p(c));
    return { t: "char", test: negated ? not(any) : any };
  }

  /** One member of a class: a code point, or a class escape such as \d. */
  private classAtom(): number | Test {
    const ch = this.s[this.i++];
    if (ch !== "\\") return cp(ch);
    const next = this.s[this.i];
    if (next && "dDwWsS".includes(next)) return this.escape(true);
    this.i++;
    return this.escapedCodePoint(next, true);
  }
}

type Instruction =
  | { op: "char"; test: Test }
  | { op: "split"; x: number; y: number }
  | { op: "jmp"; x: number }
  | { op: "assert"; kind: "^" | "$" | "b" | "B" }
  | { op: "match" };

function compile(node: Node, program: Instruction[]) {
  if (program.length > MAX_PROGRAM) throw new PatternError("pattern too complex (repeat counts and alternatives expand it too far)");
  switch (node.t) {
    case "char":
      program.push({ op: "char", test: node.test });
      return;
    case "assert":
      program.push({ op: "assert", kind: node.kind });
      return;
    case "group":
      compile(node.node, program);
      return;
    case "seq":
      for (const item of node.items) compile(item, program);
      return;
    case "alt": {
      const jumps: Array<{ op: "jmp"; x: number }> = [];
      node.alts.forEach((alt, n) => {
        if (n < node.alts.length - 1) {
          const split = { op: "split" as const, x: program.length + 1, y: 0 };
          program.push(split);
          compile(alt, program);
          const jump = { op: "jmp" as const, x: 0 };
          program.push(jump);
          jumps.push(jump);
          split.y = program.length;
        } else compile(alt, program);
      });
      for (const jump of jumps) jump.x = program.length;
      return;
    }
    case "rep": {
      for (let n = 0; n < node.min; n++) compile(node.node, program);
      if (node.max === Infinity) {
        const split = { op: "split" as const, x: program.length + 1, y: 0 };
        const at = program.length;
        program.push(split);
        compile(node.node, program);
        program.push({ op: "jmp", x: at });
        split.y = program.length;
      } else {
        const splits: Array<{ op: "split"; x: number; y: number }> = [];
        for (let n = node.min; n < node.max; n++) {
          const split = { op: "split" as const, x: program.length + 1, y: 0 };
          program.push(split);
          splits.push(split);
          compile(node.node, program);
        }
        for (const split of splits) split.y = program.length;
      }
      if (program.length > MAX_PROGRAM) throw new PatternError("pattern too complex (repeat counts and alternatives expand it too far)");
    }
  }
}

/** A compiled pattern: `test(value)` says whether it matches somewhere in `value`, in linear time. */
export interface SafePattern {
  test(value: string): boolean;
  /** Instructions: the most NFA states a step can visit (the work per code point is at most this). */
  size: number;
}

/**
 * The most state visits one value may cost (pattern size × the longest value the field accepts, × its items for a
 * list): about 50-75 ms of CPU at worst, measured (docs/decisions.md "Custom fields"). A definition over it is a 422.
 */
export const REGEX_WORK_BUDGET = 1_000_000;

/** Compiles `pattern`, or throws PatternError saying why it is refused. */
export function compilePattern(pattern: string): SafePattern {
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    throw new PatternError(`does not compile: ${(error as Error).message}`);
  }
  const program: Instruction[] = [];
  compile(new Parser([...pattern]).parse(), program);
  program.push({ op: "match" });
  return { test: (value) => run(program, [...value].map(cp)), size: program.length };
}

function run(program: Instruction[], input: number[]): boolean {
  const n = input.length;
  const size = program.length;
  const mark = new Int32Array(size).fill(-1);
  // Two lists of threads (instruction indexes at a `char`), swapped each step, and one stack: no allocation per step.
  let current = new Int32Array(size);
  let next = new Int32Array(size);
  let currentCount = 0;
  let nextCount = 0;
  const stack = new Int32Array(size * 2 + 2);
  const word = (i: number) => i >= 0 && i < n && WORD(input[i]);
  const holds = (kind: "^" | "$" | "b" | "B", i: number) =>
    kind === "^" ? i === 0 : kind === "$" ? i === n : (word(i - 1) !== word(i)) === (kind === "b");
  // The epsilon closure of `pc` at position `i` into `list` (returns the new count), or -1 when it reaches `match`.
  const add = (list: Int32Array, count: number, pc: number, i: number): number => {
    let top = 0;
    stack[top++] = pc;
    while (top > 0) {
      const at = stack[--top];
      if (mark[at] === i) continue;
      mark[at] = i;
      const ins = program[at];
      if (ins.op === "char") list[count++] = at;
      else if (ins.op === "match") return -1;
      else if (ins.op === "jmp") stack[top++] = ins.x;
      else if (ins.op === "split") {
        stack[top++] = ins.y;
        stack[top++] = ins.x;
      } else if (holds(ins.kind, i)) stack[top++] = at + 1;
    }
    return count;
  };
  for (let i = 0; i <= n; i++) {
    // Unanchored: a new thread starts at every position (`^` still only holds at 0).
    currentCount = add(current, currentCount, 0, i);
    if (currentCount < 0) return true;
    if (i === n) break;
    nextCount = 0;
    const c = input[i];
    for (let k = 0; k < currentCount; k++) {
      const pc = current[k];
      if ((program[pc] as { test: Test }).test(c)) {
        nextCount = add(next, nextCount, pc + 1, i + 1);
        if (nextCount < 0) return true;
      }
    }
    [current, next] = [next, current];
    currentCount = nextCount;
  }
  return false;
}
