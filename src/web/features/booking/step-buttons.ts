/** The row of Back and Next (or the pay button) under every step of the wizard. */
export const stepButtonsRow = 'mt-8 flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between';
