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
    expect(trackingCopy('cancelled')).toEqual({
      tone: 'other',
      title: 'Order Status',
      description: 'Current status: Cancelled.',
    });
    expect(orderStatusLabel('')).toBe('Unknown');
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
