import { useEffect, useState } from 'react';
import { client, unwrap } from '@/api/client';
import type { ServiceFormFlow } from '@/components/service-form/use-service-form';
import { Select, TextField } from '@/components/ui/form-field';

const OTHER = '__other__';

export interface PoliceStationFieldProps {
  flow: ServiceFormFlow;
  label: string;
  /** Field of the station's name (the wire sends the name). */
  name: string;
  /** Division code of the region chosen in the form: the stations of that region are offered. */
  region: string;
  /** The name's maxLength in the contract (shared/contract/limits.ts). */
  maxLength: number;
  /** Required where the server requires it (else 选填). */
  required?: boolean;
  hint?: string;
}

/**
 * A police station by name: chosen from the stations the server knows for the region (getPcsList), or typed
 * (stations elsewhere in the country are not listed).
 */
export function PoliceStationField({
  flow,
  label,
  name,
  region,
  maxLength,
  required,
  hint = required ? undefined : '选填',
}: PoliceStationFieldProps) {
  const [stations, setStations] = useState<string[]>([]);
  const [typing, setTyping] = useState(false);
  const value = flow.values[name] || '';
  const set = flow.set(name);

  useEffect(() => {
    setStations([]);
    if (!/^\d{6}$/.test(region)) return;
    void unwrap(client.POST('/api/qianchu/getPcsList', { body: { ssq: region }, loading: false, silent: true })).then(
      (r) => r.ok && setStations(r.data.map((p) => p.policeStationName)),
    );
  }, [region]);

  if (typing || !stations.length || (value && !stations.includes(value))) {
    return (
      <TextField
        label={label}
        name={name}
        value={value}
        onValue={set}
        error={flow.errors[name]}
        maxLength={maxLength}
        placeholder="如：某某公安分局某某派出所"
        hint={hint}
        required={required}
      />
    );
  }
  return (
    <Select
      label={label}
      name={name}
      value={value}
      options={[...stations.map((s) => ({ value: s, label: s })), { value: OTHER, label: '其他派出所（手动填写）' }]}
      onValue={(v) => {
        setTyping(v === OTHER);
        set(v === OTHER ? '' : v);
      }}
      error={flow.errors[name]}
      required={required}
    />
  );
}
