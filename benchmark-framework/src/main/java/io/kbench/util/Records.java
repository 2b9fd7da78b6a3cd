package io.kbench.util;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;

/**
 * A copy of a record with some components changed, through its canonical constructor (so its
 * checks and defaults apply): records of many components need no hand-written copy to change one.
 */
public final class Records {

    private Records() {}

    /**
     * @param changes component names and their new values, in pairs: {@code "name", "x", "topics", 3}
     */
    @SuppressWarnings("unchecked")
    public static <R extends Record> R with(R record, Object... changes) {
        Map<String, Object> changed = new HashMap<>();
        for (int i = 0; i < changes.length; i += 2) {
            changed.put((String) changes[i], changes[i + 1]);
        }
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                String name = components[i].getName();
                types[i] = components[i].getType();
                values[i] = changed.containsKey(name) ? changed.remove(name) : components[i].getAccessor().invoke(record);
            }
            if (!changed.isEmpty()) {
                throw new IllegalArgumentException(record.getClass().getSimpleName() + " has no component " + changed.keySet());
            }
            Constructor<?> canonical = record.getClass().getDeclaredConstructor(types);
            return (R) canonical.newInstance(values);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy " + record.getClass().getSimpleName(), e);
        }
    }
}
