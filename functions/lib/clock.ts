/** The time, injectable: domain functions take `now` so tests can move it. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
