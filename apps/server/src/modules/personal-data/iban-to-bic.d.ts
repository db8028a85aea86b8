declare module 'iban-to-bic' {
  const ibanToBicPackage: {
    /** The BIC of a valid IBAN of a supported country (AT, BE, DE, LU, NL, ES, FR), else undefined. */
    ibanToBic(iban: string): string | undefined;
    ibanIsValid(iban: string): boolean;
  };
  export default ibanToBicPackage;
}
