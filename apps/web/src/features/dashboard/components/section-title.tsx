export function SectionTitle({ id, children, action }: { id: string; children: string; action?: React.ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {children}
      </h2>
      {action}
    </div>
  );
}
