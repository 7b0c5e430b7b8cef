import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Statements on one connection take turns, whatever their callers do at once (a `Promise.all` of
 * reads inside a transaction, two nested transactions side by side):
 * - each statement starts once the one asked for before it has settled, in the order they were
 *   asked for; a failing statement fails alone, as the server answers it. The PostgreSQL driver
 *   only queues concurrent queries on one client with a deprecation warning, and pg 9 refuses them.
 * - a nested transaction (savepoint) holds the connection for its whole work: statements its work
 *   asks for run inside it, others asked for meanwhile wait until it is released or rolled back.
 *   Two savepoints open side by side would otherwise roll back each other's statements (the
 *   rollback of one goes to the newer of the two) and keep the failed one's.
 */
export class ConnectionTurns {
  readonly #outermost = new Scope(this, null);

  /** Runs `statement` when its turn comes. */
  statement<T>(statement: () => Promise<T> | T): Promise<T> {
    return this.#current().take(statement);
  }

  /**
   * Runs `work` as one turn holding the connection: the statements asked for while it runs, from
   * it and anything it awaits, take their turns inside it.
   */
  hold<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.#current();
    const enclosing = insideScope.getStore() ?? null;
    return outer.take(async () => {
      const scope = new Scope(this, enclosing);
      try {
        return await insideScope.run(scope, work);
      } finally {
        // a statement its work left behind and asks for later joins the enclosing turn
        scope.open = false;
      }
    });
  }

  /** The innermost open hold of this connection the caller runs inside, else the connection's own line. */
  #current(): Scope {
    for (let scope: Scope | null | undefined = insideScope.getStore(); scope; scope = scope.enclosing) {
      if (scope.turns === this && scope.open) return scope;
    }
    return this.#outermost;
  }
}

/** A line of turns: the connection's own, or one hold's. */
class Scope {
  open = true;
  #last: Promise<unknown> = Promise.resolve();

  constructor(
    readonly turns: ConnectionTurns,
    /** The hold the caller ran inside when this one began (of any connection): holds nest across connections. */
    readonly enclosing: Scope | null,
  ) {}

  take<T>(statement: () => Promise<T> | T): Promise<T> {
    const turn = this.#last.then(statement);
    this.#last = turn.then(settled, settled);
    return turn;
  }
}

function settled(): void {}

/** One store for every connection: an instance per connection would stay registered with Node for good. */
const insideScope = new AsyncLocalStorage<Scope>();
