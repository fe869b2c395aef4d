import type { WebSocket } from 'ws';
import type { Clock } from '../../../kernel/clock';
import type { LiveLimits } from '../../../kernel/config';
import type { Logger } from '../../../kernel/logger';
import type { CountLiveRefusal } from '../../../platform/metrics';
import { CLOSE_CODES } from './close-codes';
import { SocketSlots } from './socket-slots';
import { SubscribeBudget } from './subscribe-budget';

/** What ws's receiver says when a message is longer than `maxPayload` (it closes with 1009 itself). */
const OVER_SIZE = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

/**
 * The caps of issue 33 on one instance's GraphQL WebSocket (one investor token once held 1,000
 * sockets of 10 subscriptions, +140 MB): sockets per client address (from the upgrade) and per
 * user (from `connection_init`), each released when the socket closes; subscriptions per socket;
 * subscribe messages per socket and minute. Every refusal is counted by reason.
 */
export class SocketGuard {
  /** Sockets per client address, counted from the upgrade on (signed in or not). */
  readonly perIp: SocketSlots;
  /** Signed-in sockets per user id. */
  readonly perUser: SocketSlots;

  constructor(
    readonly limits: Readonly<LiveLimits>,
    private readonly clock: Clock,
    private readonly refused: CountLiveRefusal,
    private readonly logger: Logger,
  ) {
    this.perIp = new SocketSlots(limits.maxSocketsPerIp);
    this.perUser = new SocketSlots(limits.maxSocketsPerUser);
  }

  /** Before the upgrade: false (the caller answers 429) when `ip` holds its share already. */
  admitsAddress(ip: string): boolean {
    if (this.perIp.free(ip)) return true;
    this.refused('sockets_per_ip');
    return false;
  }

  /** Once upgraded: holds an address slot until the socket closes; false (closed with 4290) if none is left. */
  holdAddress(socket: WebSocket, ip: string): boolean {
    return this.hold(socket, this.perIp.take(ip), 'sockets_per_ip', `at most ${this.perIp.max} per address`);
  }

  /** Once the token checked out: holds a user slot until the socket closes; false (closed with 4290) if none is left. */
  holdUser(socket: WebSocket, userId: string): boolean {
    return this.hold(socket, this.perUser.take(userId), 'sockets_per_user', `at most ${this.perUser.max} per user`);
  }

  private hold(
    socket: WebSocket,
    release: (() => void) | null,
    reason: 'sockets_per_ip' | 'sockets_per_user',
    rule: string,
  ): boolean {
    if (!release) {
      this.refused(reason);
      socket.close(CLOSE_CODES.TOO_MANY_SOCKETS, `Too many sockets: ${rule}; close one or retry later`);
      return false;
    }
    socket.once('close', release);
    return true;
  }

  /** A new socket's subscribe budget (LIVE_SUBSCRIBE_PER_MINUTE on the injected clock). */
  budget(): SubscribeBudget {
    return new SubscribeBudget(this.limits.subscribePerMinute, this.clock);
  }

  /** Before each subscribe message: false once the budget is spent; the socket is then closed with 4291. */
  allowsSubscribe(socket: WebSocket, budget: SubscribeBudget): boolean {
    if (socket.readyState !== socket.OPEN) return false; // already closing: messages still queued are dropped, uncounted
    if (budget.take()) return true;
    this.refused('subscribe_rate');
    socket.close(
      CLOSE_CODES.TOO_MANY_SUBSCRIBES,
      `Too many subscribe messages: at most ${this.limits.subscribePerMinute} a minute`,
    );
    return false;
  }

  /** Whether a socket may run `running` subscriptions (the new one included); counted when not. */
  fitsSubscriptions(running: number): boolean {
    if (running <= this.limits.maxSubscriptionsPerSocket) return true;
    this.refused('subscriptions_per_socket');
    return false;
  }

  /**
   * ws emits `error` on a server socket only for a peer's protocol violation (an over-size message,
   * a bad frame), which it has already answered with a close code (1009, 1002, …): counted and
   * logged at debug, never printed to stderr as graphql-ws's own handler would.
   */
  protocolError(err: Error & { code?: string }): void {
    if (err.code === OVER_SIZE) this.refused('message_size');
    this.logger.debug({ code: err.code, message: err.message }, 'live updates: socket closed for a protocol error');
  }
}
