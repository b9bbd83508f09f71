import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The eyebrow, h2 and lead paragraph that open every landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className="text-sm font-bold tracking-wider text-primary uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-pretty text-muted-foreground">{children}</p> : null}
    </div>
  );
}

export const container = 'mx-auto max-w-6xl px-4 sm:px-6 lg:px-8';
export const sectionSpacing = 'py-20 sm:py-24';
