import fp from 'fastify-plugin';
import { Notifications } from '../services/notifications/index.ts';

/**
 * The bettor's notifications (ADR 51) as the `notifications` decorator: hears this process's
 * commits (the betting service's, payments', the agents' and the operator's account changes),
 * stores what each tells after it, and tells the live push and the bus of each notification
 * stored. A closing app stops hearing and lets the round in hand finish.
 */
export default fp(
  async (app) => {
    const notifications = new Notifications({
      db: app.db,
      clock: app.clock,
      onError: (error) => app.log.error({ err: error }, 'notifications: a round failed, its notifications are not stored'),
    });
    notifications.start({
      markets: (listener) => app.betting.onCommitted(listener),
      autoCashOuts: (listener) => app.betting.onAutoCashOut(listener),
      payments: (listener) => app.paymentEvents.on((event) => listener(event.requestId)),
      accounts: (listener) => app.accountEvents.on(listener),
    });
    app.decorate('notifications', notifications);
    app.addHook('onClose', async () => notifications.stop());
  },
  { name: 'notifications', dependencies: ['services'] },
);
