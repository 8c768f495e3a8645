import { messages } from '../messages.js';
import { orderStatusLabel, trackingCopy, trackingSteps } from './tracking.js';

const states = (status: string, paid: 'Paid' | 'Pending' = 'Pending') =>
  trackingSteps(status, paid).map((s) => s.state);

describe('tracking copy', () => {
  it('has its own title for pending, processing and completed, case-insensitively', () => {
    expect(trackingCopy('pending').title).toBe("We Haven't Received Your Shipment Yet");
    expect(trackingCopy('Processing').title).toBe("We're Evaluating Your Shipment");
    expect(trackingCopy(' completed ').title).toBe('Your Shipment is Complete!');
    expect(trackingCopy('completed').description).toBe(messages.tracking.completedText);
  });

  it('falls back to the generic title for any other status', () => {
    expect(trackingCopy('on hold')).toEqual({
      tone: 'other',
      title: 'Order Status',
      description: 'Current status: On hold.',
    });
    expect(orderStatusLabel('')).toBe('Unknown');
  });
});

describe('a cancelled order', () => {
  it('says so, and no step is in progress', () => {
    expect(trackingCopy(' Cancelled ')).toEqual({
      tone: 'cancelled',
      title: messages.tracking.cancelledTitle,
      description: messages.tracking.cancelledText,
    });
    expect(states('cancelled')).toEqual(['complete', 'cancelled', 'cancelled', 'cancelled']);
    expect(states('canceled')).not.toContain('current');
    // Paid before it was cancelled: the payment stands.
    expect(states('cancelled', 'Paid')).toEqual(['complete', 'complete', 'complete', 'complete']);
  });
});

describe('tracking steps', () => {
  it('derives the progress from the status', () => {
    expect(trackingSteps('pending', 'Pending').map((s) => s.label)).toEqual([
      'Order placed',
      'Shipment received',
      'Evaluated',
      'Paid',
    ]);
    expect(states('pending')).toEqual(['complete', 'current', 'upcoming', 'upcoming']);
    expect(states('processing')).toEqual(['complete', 'complete', 'current', 'upcoming']);
    expect(states('delivered')).toEqual(['complete', 'complete', 'current', 'upcoming']);
    expect(states('completed')).toEqual(['complete', 'complete', 'complete', 'complete']);
  });

  it('treats unknown statuses as placed and a paid order as done', () => {
    expect(states('on hold')).toEqual(['complete', 'current', 'upcoming', 'upcoming']);
    expect(states('processing', 'Paid')).toEqual(['complete', 'complete', 'complete', 'complete']);
  });
});
