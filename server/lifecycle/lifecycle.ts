// The service process's phase, read by the readiness check: a load balancer stops sending
// new requests to an instance that says it is draining, before the instance stops listening.
export class Lifecycle {
  private drainingSince: number | null = null;

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  startDraining(now: number): void {
    this.drainingSince ??= now;
  }
}
