package io.trawler.api;

import io.trawler.errors.ApiError;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import java.util.Comparator;
import java.util.List;

/**
 * A request's Bean Validation constraints (Hibernate Validator), checked where a request also has rules no annotation
 * says (one field against another, names only the server knows), so that one 400 names every problem, in the API's
 * error shape: each violation a detail naming its field. The annotations also give the OpenAPI document its minimums
 * and maximums.
 */
final class Constraints {

    private Constraints() {
    }

    /** The violations of {@code request}'s constraints as details, by field. */
    static <T> List<ApiError.Detail> of(Validator validator, T request) {
        return validator.validate(request).stream().map(Constraints::detail)
                .sorted(Comparator.comparing(ApiError.Detail::field)).toList();
    }

    private static ApiError.Detail detail(ConstraintViolation<?> v) {
        String field = "";
        for (Path.Node node : v.getPropertyPath()) {
            field = node.getName() == null ? field : node.getName();
        }
        return new ApiError.Detail(field, v.getMessage());
    }
}
