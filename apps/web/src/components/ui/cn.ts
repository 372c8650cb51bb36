import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names (clsx) and lets a later Tailwind class win over a conflicting earlier one. */
export const cn = (...classes: ClassValue[]) => twMerge(clsx(classes));
