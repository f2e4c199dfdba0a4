import { messages, type PGlite, protocol } from '@electric-sql/pglite';
import type { PreparedStatement, PreparedValue, TextRow } from './statement';

/**
 * Group commit for PGlite's prepared statements: the statements that wait for the database at
 * the same moment go to it as one protocol message, a bind and an execute each and one sync, so
 * they run in one implicit transaction and share its commit (one WAL write, one trip through
 * PGlite's JavaScript) instead of paying one each. PGlite runs one statement at a time anyway,
 * so the waiting statements lose nothing by going together.
 *
 * Each statement keeps its own result (its rows, up to its CommandComplete). One statement
 * raising aborts the whole transaction, so then every statement of the group runs again alone,
 * in the same order: the one that raises fails by itself and the others are stored. Statements
 * run in the order they were asked for, so two saves of one answer land in their order.
 *
 * A caller's promise settles only after the commit, so nothing is reported stored before it is.
 */

/** Bounds one message's size and the wait of the last statement in it. */
const MAX_GROUP = 64;

interface Waiting {
  statement: PreparedStatement;
  values: PreparedValue[];
  resolve: (rows: TextRow[]) => void;
  reject: (error: unknown) => void;
}

const { serialize } = protocol;

class GroupCommit {
  readonly #lite: PGlite;
  /** The statements this PGlite has parsed (its one session keeps them until closed). */
  readonly #parsed = new Set<string>();
  #waiting: Waiting[] = [];
  #draining = false;

  constructor(lite: PGlite) {
    this.#lite = lite;
  }

  run(statement: PreparedStatement, values: PreparedValue[]): Promise<TextRow[]> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ statement, values, resolve, reject });
      if (this.#draining) return;
      this.#draining = true;
      // After the poll phase: every request read in this turn of the event loop joins the group.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#waiting.length > 0) {
        const group = this.#waiting.splice(0, MAX_GROUP);
        // PGlite's protocol entry point takes no lock: these are the two its `query` takes, so
        // no other query runs meanwhile and no transaction is open around the group.
        await this.#lite._runExclusiveTransaction(() =>
          this.#lite.runExclusive(() => this.#runGroup(group)),
        );
      }
    } finally {
      this.#draining = false;
    }
  }

  async #runGroup(group: Waiting[]): Promise<void> {
    try {
      const results = await this.#execute(group);
      group.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      if (group.length === 1 || !(error instanceof messages.DatabaseError)) {
        for (const waiting of group) waiting.reject(error);
        return;
      }
      for (const waiting of group) {
        await this.#execute([waiting]).then(([rows]) => waiting.resolve(rows!), waiting.reject);
      }
    }
  }

  /** Runs the group in one transaction; each statement's rows, in the group's order. */
  async #execute(group: Waiting[]): Promise<TextRow[][]> {
    for (const { statement } of group) {
      if (this.#parsed.has(statement.name)) continue;
      await this.#lite.execProtocol(
        Buffer.concat([
          serialize.parse({ name: statement.name, text: statement.text, types: [] }),
          serialize.sync(),
        ]),
      );
      this.#parsed.add(statement.name);
    }
    const result = await this.#lite.execProtocol(
      Buffer.concat([
        ...group.flatMap(({ statement, values }) => [
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
        ]),
        serialize.sync(),
      ]),
    );
    const results: TextRow[][] = [];
    let rows: TextRow[] = [];
    for (const message of result.messages) {
      if (message instanceof messages.DataRowMessage) rows.push(message.fields);
      if (message instanceof messages.CommandCompleteMessage) {
        results.push(rows);
        rows = [];
      }
    }
    return results;
  }
}

const groupCommits = new WeakMap<PGlite, GroupCommit>();

/** Runs a prepared statement on PGlite, in the group of statements waiting with it. */
export function runGroupedOnPglite(
  lite: PGlite,
  statement: PreparedStatement,
  values: PreparedValue[],
): Promise<TextRow[]> {
  let groupCommit = groupCommits.get(lite);
  if (!groupCommit) {
    groupCommit = new GroupCommit(lite);
    groupCommits.set(lite, groupCommit);
  }
  return groupCommit.run(statement, values);
}
