import { findDictOption, useDictOptions } from '../../../components/dict-items.ts';

/** A rate card's route by name, in the user's language: "Japan Basic" rather than "JP BASE". */
export function useRouteName(): (card: { destinationCountry: string; serviceType: string }) => { country: string; service: string } {
  const countries = useDictOptions('CountryType').options;
  const services = useDictOptions('ServiceType').options;
  return (card) => ({
    country: findDictOption(countries, card.destinationCountry)?.text ?? card.destinationCountry,
    service: findDictOption(services, card.serviceType)?.text ?? card.serviceType,
  });
}
