/** Public face of modules/statement: investors' statements (CSV, PDF) and the admins' accounting export of transactions (issue 38). Other folders import only this file. */
export * from './csv';
export * from './period';
export * from './statement';
export * from './statement.service';
export * from './statement-csv';
export * from './statement-pdf';
export * from './transactions-csv';
export * from './transactions-export';
