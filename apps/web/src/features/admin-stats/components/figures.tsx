export const pct = (v: number) => `${Math.round(v * 1000) / 10}%`;

export const fmt = (v: number) => v.toLocaleString('en');
