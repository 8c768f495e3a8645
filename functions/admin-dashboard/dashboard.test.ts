import { chartDays, figures } from './dashboard';

describe('dashboard figures', () => {
  it('totals payments and averages over completed orders only; inbound counts every order', () => {
    expect(
      figures({
        pk: 'STATS',
        sk: 'ORDERS',
        order_count: 12,
        status_completed: 3,
        status_pending: 9,
        completed_paid_amount: 250.1,
        completed_total_amount: 300.2,
      }),
    ).toEqual({ totalPayments: 250.1, inboundShipments: 12, averageOrderValue: 100.07, completedOrders: 3 });
  });

  it('is all zeros with no counters yet', () => {
    expect(figures(null)).toEqual({
      totalPayments: 0,
      inboundShipments: 0,
      averageOrderValue: 0,
      completedOrders: 0,
    });
  });

  it('gives 30 days ending today, oldest first, with empty days as zeros', () => {
    const days = chartDays(
      [
        { pk: 'STATS#DAILY', sk: '2026-11-23', orders_received: 4, amount_paid: 80.5 },
        { pk: 'STATS#DAILY', sk: '2026-10-25', orders_received: 1 },
      ],
      new Date('2026-11-23T12:00:00Z'),
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: '2026-10-25', ordersReceived: 1, amountPaid: 0 });
    expect(days[29]).toEqual({ date: '2026-11-23', ordersReceived: 4, amountPaid: 80.5 });
    expect(days[10]).toEqual({ date: '2026-11-04', ordersReceived: 0, amountPaid: 0 });
  });
});
