// Process counters (SPEC "Logs and metrics"): address blocks by budget (`forge_mcp.auth.blocks`)
// and rate-limit refusals by method and scope. No credential handle, address or user is a
// dimension. Exposed in the Prometheus text format at GET /metrics in HTTP mode.

type Labels = Record<string, string>;

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();

  constructor(readonly name: string, readonly help: string) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = JSON.stringify(labels);
    const cur = this.values.get(key);
    if (cur) cur.value += by;
    else this.values.set(key, { labels, value: by });
  }

  get(labels: Labels = {}): number {
    return this.values.get(JSON.stringify(labels))?.value ?? 0;
  }

  /** Prometheus exposition: dots become underscores, counters end in `_total`. */
  render(): string {
    const name = `${this.name.replace(/\./g, '_')}_total`;
    const lines = [`# HELP ${name} ${this.help}`, `# TYPE ${name} counter`];
    for (const { labels, value } of this.values.values()) {
      const l = Object.entries(labels).map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`).join(',');
      lines.push(`${name}${l ? `{${l}}` : ''} ${value}`);
    }
    return lines.join('\n');
  }
}

export const metrics = {
  authBlocks: new Counter('forge_mcp.auth.blocks', 'Address blocks, by the budget that refused (failure or distinct).'),
  rateLimited: new Counter('forge_mcp.rate_limit.refusals', 'Requests refused by a rate limit, by method and scope (entry or process).'),
};

export function renderMetrics(): string {
  return `${Object.values(metrics).map((c) => c.render()).join('\n')}\n`;
}
